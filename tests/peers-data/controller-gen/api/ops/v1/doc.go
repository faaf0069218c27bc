// Package v1 is Backup v1 (the storage version) of schemas/src/example/backups.rs (`#[kapi::versioned]`) in Go.
// +groupName=ops.example.com
package v1
