package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A container image run on a cron schedule (beta form).
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=crontabs,singular=crontab,shortName=ct,categories=all,scope=Namespaced
// +kubebuilder:subresource:status
// +kubebuilder:deprecatedversion:warning="CronTab v1beta1 is deprecated; move to CronTab v1"
type CronTab struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// What to run and when.
	// +required
	Spec CronTabSpec `json:"spec"`
	// What the controller last saw; written through the `status` subresource.
	// +optional
	Status *CronTabStatus `json:"status,omitempty"`
}

// The schedule and the image of a beta CronTab.
type CronTabSpec struct {
	// When to run, in the five-field cron syntax.
	// +required
	CronSpec string `json:"cronSpec"`
	// The container image to start.
	// +required
	Image string `json:"image"`
	// How many copies to start each time; the controller starts one when this is unset.
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
}

// What the controller last saw of a beta CronTab.
type CronTabStatus struct {
	// When a run last started.
	// +optional
	LastScheduleTime *metav1.Time `json:"lastScheduleTime,omitempty"`
}

// A page of beta CronTabs.
// +kubebuilder:object:root=true
type CronTabList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	// The CronTabs.
	Items []CronTab `json:"items"`
}
