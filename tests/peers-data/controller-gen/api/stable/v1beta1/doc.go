// Package v1beta1 is CronTab of schemas/src/example/stable_v1beta1.rs in Go.
// +groupName=stable.example.com
package v1beta1
