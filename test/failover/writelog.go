// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package failover

import (
	"sync"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Write is one successful write of a replica.
type Write struct {
	Replica string
	Key     client.ObjectKey
	At      time.Time
	// Leading says whether the replica's manager had been elected when it wrote.
	Leading bool
}

// WriteLog collects the writes of every replica; safe for concurrent use.
type WriteLog struct {
	mu     sync.Mutex
	writes []Write
}

// Add records w and returns how many writes its replica has made so far.
func (l *WriteLog) Add(w Write) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writes = append(l.writes, w)
	n := 0
	for _, x := range l.writes {
		if x.Replica == w.Replica {
			n++
		}
	}
	return n
}

// Snapshot returns the writes so far, in order.
func (l *WriteLog) Snapshot() []Write {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Write(nil), l.writes...)
}
