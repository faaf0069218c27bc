package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A scheduled backup of a volume.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=backups,singular=backup,shortName=bk,scope=Namespaced
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name=Schedule,type=string,JSONPath=.spec.schedule
// +kubebuilder:storageversion
type Backup struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// What to back up and when.
	// +required
	Spec BackupSpec `json:"spec"`
	// What the controller last did; written through the `status` subresource.
	// +optional
	Status *BackupStatus `json:"status,omitempty"`
}

// What to back up, when, and for how long to keep copies.
type BackupSpec struct {
	// The persistent volume claim to copy.
	// +kubebuilder:validation:MinLength=1
	// +required
	Source string `json:"source"`
	// When to run, in the five-field cron syntax.
	// +required
	Schedule string `json:"schedule"`
	// How long copies are kept; kept forever when unset.
	// +optional
	Retention *RetentionPolicy `json:"retention,omitempty"`
}

// How long copies of a volume are kept.
type RetentionPolicy struct {
	// Days a copy is kept after it is taken.
	// +kubebuilder:validation:Minimum=1
	// +required
	Days int32 `json:"days"`
}

// Where a Backup stands.
// +kubebuilder:validation:Enum=Pending;Succeeded;Failed
type BackupPhase string

// What the controller last did.
type BackupStatus struct {
	// Where the Backup stands.
	// +optional
	Phase *BackupPhase `json:"phase,omitempty"`
	// When the last copy was taken.
	// +optional
	LastBackupTime *metav1.Time `json:"lastBackupTime,omitempty"`
}

// A page of Backups.
// +kubebuilder:object:root=true
type BackupList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	// The Backups.
	Items []Backup `json:"items"`
}
