// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/shoot-falco-service/falcoprofile"
)

// convertOptions are the flags of `convert falcoprofile`.
type convertOptions struct {
	// Filename is -f: the FalcoProfile file, "-" for standard input.
	Filename string
	// falcoprofile.Options: --name and --sub-components.
	falcoprofile.Options
}

// newConvertCommand is `convert falcoprofile -f FILE`: the ExtensionProfile of a FalcoProfile.
func newConvertCommand(o *Options) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "convert",
		Short: "Converts a legacy version profile into an ExtensionProfile",
	}
	cmd.AddCommand(newConvertFalcoProfileCommand(o))
	return cmd
}

func newConvertFalcoProfileCommand(o *Options) *cobra.Command {
	c := &convertOptions{}
	cmd := &cobra.Command{
		Use:   "falcoprofile -f FILE",
		Short: "Prints the ExtensionProfile of a FalcoProfile (falco.gardener.cloud/v1alpha1): every falco version with its classification and expiration date as lifecycle, rulesVersion and image as providerConfig",
		Example: `  # Convert the FalcoProfile the falco extension ships and apply the result
  kubectl extensionprofile convert falcoprofile -f falco-profile.yaml > extensionprofile.yaml
  kubectl apply -f extensionprofile.yaml

  # Straight from the garden
  kubectl get falcoprofile falco -o yaml | kubectl extensionprofile convert falcoprofile -f -`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return convertFalcoProfile(cmd.InOrStdin(), o.Out, cmd.ErrOrStderr(), *c)
		},
	}
	cmd.Flags().StringVarP(&c.Filename, "filename", "f", "", "The FalcoProfile file; - reads standard input.")
	cmd.Flags().StringVar(&c.ExtensionType, "name", falcoprofile.DefaultExtensionType, "The name of the ExtensionProfile, the extension type.")
	cmd.Flags().BoolVar(&c.SubComponents, "sub-components", false, "Also convert the falcosidekick and falcoctl versions, each into a component of its own.")
	_ = cmd.MarkFlagRequired("filename")
	return cmd
}

// convertFalcoProfile reads the FalcoProfile of c.Filename (stdin for "-"), writes the
// ExtensionProfile as YAML to out and each warning of the conversion as a "Warning: " line to
// errOut. Input that cannot be converted is an error naming the field; nothing is written then.
func convertFalcoProfile(stdin io.Reader, out, errOut io.Writer, c convertOptions) error {
	var (
		data []byte
		err  error
	)
	if c.Filename == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(c.Filename)
	}
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", c.Filename, err)
	}
	profile, err := falcoprofile.Decode(data)
	if err != nil {
		return fmt.Errorf("%s: %w", c.Filename, err)
	}
	result, err := falcoprofile.Convert(profile, c.Options)
	if err != nil {
		return fmt.Errorf("%s: FalcoProfile %s cannot be converted: %w", c.Filename, profile.Name, err)
	}
	manifest, err := extensionProfileYAML(result.Profile)
	if err != nil {
		return err
	}
	for _, warning := range result.Warnings {
		fmt.Fprintf(errOut, "Warning: %s\n", warning)
	}
	fmt.Fprintf(out, "# ExtensionProfile %s, converted from FalcoProfile %s by kubectl extensionprofile convert falcoprofile\n", result.Profile.Name, profile.Name)
	_, err = out.Write(manifest)
	return err
}

// extensionProfileYAML is the manifest of profile without the empty status and creationTimestamp
// that the typed encoding writes.
func extensionProfileYAML(profile *gardencorev1beta1.ExtensionProfile) ([]byte, error) {
	content, err := runtime.DefaultUnstructuredConverter.ToUnstructured(profile)
	if err != nil {
		return nil, err
	}
	unstructured.RemoveNestedField(content, "status")
	unstructured.RemoveNestedField(content, "metadata", "creationTimestamp")
	return yaml.Marshal(content)
}
