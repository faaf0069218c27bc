// Package v1alpha1 is Backup v1alpha1 of schemas/src/example/backups.rs (`#[kapi::versioned]`) in Go: one
// package per version, as kubebuilder projects write them.
// +groupName=ops.example.com
package v1alpha1
