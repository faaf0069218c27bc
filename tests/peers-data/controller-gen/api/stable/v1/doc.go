// Package v1 is CronTab of schemas/src/example/stable_v1.rs in Go: the same fields, validations, printer columns
// and subresources, written with kubebuilder markers.
// +groupName=stable.example.com
package v1
