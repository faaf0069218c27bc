// Package v1beta1 is Backup v1beta1 of schemas/src/example/backups.rs (`#[kapi::versioned]`) in Go.
// +groupName=ops.example.com
package v1beta1
