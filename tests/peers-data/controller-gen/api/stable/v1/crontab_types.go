package v1

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// A container image run on a cron schedule.
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=crontabs,singular=crontab,shortName=ct,categories=all,scope=Namespaced
// +kubebuilder:storageversion
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.labelSelector
// +kubebuilder:printcolumn:name=Schedule,type=string,JSONPath=.spec.cronSpec
// +kubebuilder:printcolumn:name=Replicas,type=integer,JSONPath=.spec.replicas
// +kubebuilder:printcolumn:name=Image,type=string,JSONPath=.spec.image,priority=1
// +kubebuilder:selectablefield:JSONPath=.spec.image
type CronTab struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// What to run and when.
	// +required
	Spec CronTabSpec `json:"spec"`
	// What the controller last observed; written through the `status` subresource.
	// +optional
	Status *CronTabStatus `json:"status,omitempty"`
}

// What a CronTab runs, when, and how many copies.
// +kubebuilder:validation:XValidation:rule="!has(self.maxReplicas) || self.replicas <= self.maxReplicas",message="replicas must not exceed maxReplicas"
type CronTabSpec struct {
	// The schedule, as five space-separated cron fields (`*/5 * * * *`).
	// +kubebuilder:validation:MaxLength=64
	// +kubebuilder:validation:Pattern=`^(\S+\s+){4}\S+$`
	// +required
	CronSpec string `json:"cronSpec"`
	// The container image to run; must be pinned to a tag other than `latest` or to a digest.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:XValidation:rule="!self.endsWith(':latest')",message="pin the image to a version"
	// +required
	Image string `json:"image"`
	// How many copies run at each scheduled time.
	// +kubebuilder:default=1
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=100
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
	// An upper bound for `replicas`, for autoscalers driving the `scale` subresource.
	// +kubebuilder:validation:Minimum=1
	// +optional
	MaxReplicas *int32 `json:"maxReplicas,omitempty"`
	// What to do when a run is due while the previous one is still going.
	// +kubebuilder:default=Allow
	// +optional
	ConcurrencyPolicy ConcurrencyPolicy `json:"concurrencyPolicy,omitempty"`
	// Pauses scheduling when true. `null` and absent both mean "not suspended".
	// +nullable
	// +optional
	Suspend *bool `json:"suspend,omitempty"`
	// How many copies may be down during a rollout: a count or a percentage such as `"25%"`.
	// +optional
	MaxUnavailable *intstr.IntOrString `json:"maxUnavailable,omitempty"`
	// The memory each copy may use, such as `256Mi`.
	// +optional
	MemoryLimit *resource.Quantity `json:"memoryLimit,omitempty"`
	// Where to report finished runs.
	// +optional
	Notification *Notification `json:"notification,omitempty"`
	// How long to wait before retrying a failed run.
	// +optional
	Backoff *Backoff `json:"backoff,omitempty"`
	// Ports the job listens on, one per name.
	// +listType=map
	// +listMapKey=name
	// +kubebuilder:validation:MaxItems=8
	// +optional
	Ports []CronTabPort `json:"ports,omitempty"`
	// Free-form settings handed to the job unchanged; any JSON is kept as written.
	// +optional
	Config *apiextensionsv1.JSON `json:"config,omitempty"`
	// Whether a failed run is started again. A closed enum: the server rejects any other value.
	// +optional
	RestartPolicy *RestartPolicy `json:"restartPolicy,omitempty"`
	// The kind of capacity the job's copies run on. An open enum: providers add kinds, so values other than the
	// known ones are accepted and clients should expect them.
	// +optional
	CapacityType *string `json:"capacityType,omitempty"`
}

// What happens when a run is due while the previous one is still going.
// +kubebuilder:validation:Enum=Allow;Forbid;Replace
type ConcurrencyPolicy string

// Whether a failed run is started again.
// +kubebuilder:validation:Enum=Never;OnFailure
type RestartPolicy string

// Where to report finished runs: exactly one of a webhook or an e-mail address.
// +kubebuilder:validation:ExactlyOneOf=webhook;email
type Notification struct {
	// POST a summary to a URL.
	// +optional
	Webhook *WebhookNotification `json:"webhook,omitempty"`
	// Send a summary by e-mail.
	// +optional
	Email *EmailNotification `json:"email,omitempty"`
}

// A summary POSTed to a URL.
type WebhookNotification struct {
	// The URL to call.
	// +required
	URL string `json:"url"`
}

// A summary sent by e-mail.
type EmailNotification struct {
	// The recipient.
	// +required
	Address string `json:"address"`
}

// The wait before retrying a failed run: a fixed number of seconds, or an exponential policy. Go has no untagged
// unions, so one struct holds the fields of both and a CEL rule requires one complete form.
// +kubebuilder:validation:XValidation:rule="has(self.seconds) || (has(self.initialSeconds) && has(self.maxSeconds))",message="set seconds, or both initialSeconds and maxSeconds"
type Backoff struct {
	// The wait, in seconds.
	// +kubebuilder:validation:Minimum=1
	// +optional
	Seconds *int64 `json:"seconds,omitempty"`
	// The first wait, in seconds.
	// +kubebuilder:validation:Minimum=1
	// +optional
	InitialSeconds *int64 `json:"initialSeconds,omitempty"`
	// The longest wait, in seconds.
	// +kubebuilder:validation:Minimum=1
	// +optional
	MaxSeconds *int64 `json:"maxSeconds,omitempty"`
}

// A named port of a CronTab's job.
type CronTabPort struct {
	// The port's name, a DNS label of at most 15 characters.
	// +kubebuilder:validation:MaxLength=15
	// +kubebuilder:validation:Pattern=`^[a-z]([-a-z0-9]*[a-z0-9])?$`
	// +required
	Name string `json:"name"`
	// The port number.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=65535
	// +required
	Port int32 `json:"port"`
	// The transport protocol.
	// +kubebuilder:default=TCP
	// +kubebuilder:validation:Enum=TCP;UDP
	// +optional
	Protocol string `json:"protocol,omitempty"`
}

// What the controller last observed.
type CronTabStatus struct {
	// How many copies ran at the last scheduled time.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// The label selector of the copies, in string form; read by the `scale` subresource.
	// +optional
	LabelSelector string `json:"labelSelector,omitempty"`
	// When the job was last started.
	// +optional
	LastScheduleTime *metav1.Time `json:"lastScheduleTime,omitempty"`
}

// A page of CronTabs.
// +kubebuilder:object:root=true
type CronTabList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	// The CronTabs.
	Items []CronTab `json:"items"`
}
