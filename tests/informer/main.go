// Command discovery-informer runs client-go's dynamic informer on kapi's watchable discovery (the `groups`
// resource of discovery.k8s.io/v1alpha1) and prints, one JSON object per line on stdout, what a test needs to
// check the informer against the server:
//
//	{"event":"request","verb":"list"|"watch","query":"…","status":200}      every list and watch request it sends
//	{"event":"watch-event","type":"BOOKMARK","resourceVersion":"…"}         every event of every watch stream
//	{"event":"watch-closed"}                                                 each time a watch's body is closed
//	{"event":"add"|"update"|"delete","name":"…","resourceVersion":"…"}      every call of the informer's handler
//	                                                                         ("delete-tombstone" for a deletion a
//	                                                                         relist found, without the last state)
//	{"event":"watch-error","error":"…"}                                      a watch the reflector gave up on
//	{"event":"synced"}                                                       once the first list is in the store
//
// Each line also carries "unixNanos" (the wall clock) and "monotonicNanos" (time since the program started, from
// Go's monotonic clock). The reflector consumes bookmarks and watch errors itself, so they are read here from the
// response bodies as they pass through the transport, without changing them.
//
//	discovery-informer --server http://127.0.0.1:PORT [--ca FILE] [--group discovery.k8s.io] [--watch-timeout 5s]
//
// --watch-timeout replaces the reflector's watch timeout (five to ten minutes) so a test sees watches end and
// continue; 0 keeps the reflector's.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/dynamic/dynamicinformer"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/cache"
)

var started = time.Now()

// output serializes lines from the handler, the transport and the reflector's goroutines.
var output = struct {
	sync.Mutex
	*bufio.Writer
}{Writer: bufio.NewWriter(os.Stdout)}

// emit prints one line: fields plus the event name and both clocks, flushed at once (the test reads as it goes).
func emit(event string, fields map[string]any) {
	now := time.Now()
	line := map[string]any{"event": event, "unixNanos": now.UnixNano(), "monotonicNanos": now.Sub(started).Nanoseconds()}
	for key, value := range fields {
		line[key] = value
	}
	encoded, err := json.Marshal(line)
	if err != nil {
		encoded = []byte(fmt.Sprintf(`{"event":"unprintable","error":%q}`, err.Error()))
	}
	output.Lock()
	defer output.Unlock()
	output.Write(encoded)
	output.WriteByte('\n')
	output.Flush()
}

// observingTransport reports each request and, for watches, each event line of the response as it is read.
type observingTransport struct {
	next http.RoundTripper
}

func (t observingTransport) RoundTrip(request *http.Request) (*http.Response, error) {
	query := request.URL.Query()
	verb := "list"
	if query.Get("watch") == "true" || query.Get("watch") == "1" {
		verb = "watch"
	}
	if !strings.HasSuffix(request.URL.Path, "/groups") {
		verb = "other"
	}
	response, err := t.next.RoundTrip(request)
	fields := map[string]any{"verb": verb, "path": request.URL.Path, "query": request.URL.RawQuery}
	if err != nil {
		fields["error"] = err.Error()
		emit("request", fields)
		return nil, err
	}
	fields["status"] = response.StatusCode
	emit("request", fields)
	if verb == "watch" && response.StatusCode == http.StatusOK {
		response.Body = &eventReader{body: response.Body}
	}
	return response, nil
}

// eventReader passes a watch response through unchanged, reporting each complete line (one event) it carries.
type eventReader struct {
	body    io.ReadCloser
	pending []byte
}

func (r *eventReader) Read(p []byte) (int, error) {
	n, err := r.body.Read(p)
	r.pending = append(r.pending, p[:n]...)
	for {
		end := bytes.IndexByte(r.pending, '\n')
		if end < 0 {
			break
		}
		report(r.pending[:end])
		r.pending = r.pending[end+1:]
	}
	if err == io.EOF && len(bytes.TrimSpace(r.pending)) > 0 {
		report(r.pending)
		r.pending = nil
	}
	return n, err
}

func (r *eventReader) Close() error {
	emit("watch-closed", nil)
	return r.body.Close()
}

// report prints one watch event's type and object summary (an ERROR's Status code and reason).
func report(line []byte) {
	if len(bytes.TrimSpace(line)) == 0 {
		return
	}
	var event struct {
		Type   string `json:"type"`
		Object struct {
			Metadata struct {
				Name            string            `json:"name"`
				ResourceVersion string            `json:"resourceVersion"`
				Annotations     map[string]string `json:"annotations"`
			} `json:"metadata"`
			Code   int    `json:"code"`
			Reason string `json:"reason"`
		} `json:"object"`
	}
	if err := json.Unmarshal(line, &event); err != nil {
		emit("watch-event", map[string]any{"type": "UNREADABLE", "error": err.Error()})
		return
	}
	fields := map[string]any{
		"type":            event.Type,
		"name":            event.Object.Metadata.Name,
		"resourceVersion": event.Object.Metadata.ResourceVersion,
	}
	if event.Type == "ERROR" {
		fields["code"] = event.Object.Code
		fields["reason"] = event.Object.Reason
	}
	emit("watch-event", fields)
}

// handled prints one handler call about obj (an *unstructured.Unstructured, or a tombstone for a delete).
func handled(event string, obj any) {
	if tombstone, ok := obj.(cache.DeletedFinalStateUnknown); ok {
		obj = tombstone.Obj
		event += "-tombstone"
	}
	object, ok := obj.(*unstructured.Unstructured)
	if !ok {
		emit(event, map[string]any{"error": fmt.Sprintf("unexpected object %T", obj)})
		return
	}
	versions := []string{}
	if spec, ok := object.Object["spec"].(map[string]any); ok {
		if served, ok := spec["versions"].([]any); ok {
			for _, version := range served {
				if entry, ok := version.(map[string]any); ok {
					if name, ok := entry["name"].(string); ok {
						versions = append(versions, name)
					}
				}
			}
		}
	}
	emit(event, map[string]any{
		"name":            object.GetName(),
		"resourceVersion": object.GetResourceVersion(),
		"versions":        versions,
	})
}

func main() {
	server := flag.String("server", "", "kapi's URL, e.g. http://127.0.0.1:8080")
	ca := flag.String("ca", "", "the CA certificate file for an https server")
	group := flag.String("group", "discovery.k8s.io", "the group serving watchable discovery")
	watchTimeout := flag.Duration("watch-timeout", 0, "each watch's timeout (0: the reflector's own)")
	flag.Parse()
	if *server == "" {
		fmt.Fprintln(os.Stderr, "discovery-informer: --server is required")
		os.Exit(2)
	}

	config := &rest.Config{Host: *server, TLSClientConfig: rest.TLSClientConfig{CAFile: *ca}}
	config.WrapTransport = func(next http.RoundTripper) http.RoundTripper { return observingTransport{next: next} }
	client, err := dynamic.NewForConfig(config)
	if err != nil {
		fmt.Fprintf(os.Stderr, "discovery-informer: %v\n", err)
		os.Exit(1)
	}
	resource := schema.GroupVersionResource{Group: *group, Version: "v1alpha1", Resource: "groups"}
	shorterWatches := func(options *metav1.ListOptions) {
		// Only the reflector's watches carry a timeout; its lists do not.
		if *watchTimeout > 0 && options.TimeoutSeconds != nil {
			seconds := int64(watchTimeout.Seconds())
			options.TimeoutSeconds = &seconds
		}
	}
	informer := dynamicinformer.NewFilteredDynamicInformer(client, resource, "", 0, cache.Indexers{}, shorterWatches)
	_, err = informer.Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(obj any) { handled("add", obj) },
		UpdateFunc: func(_, obj any) { handled("update", obj) },
		DeleteFunc: func(obj any) { handled("delete", obj) },
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "discovery-informer: %v\n", err)
		os.Exit(1)
	}
	if err := informer.Informer().SetWatchErrorHandler(func(_ *cache.Reflector, err error) {
		emit("watch-error", map[string]any{"error": err.Error()})
	}); err != nil {
		fmt.Fprintf(os.Stderr, "discovery-informer: %v\n", err)
		os.Exit(1)
	}

	stop := make(chan struct{})
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGTERM, os.Interrupt)
	go func() {
		<-signals
		close(stop)
	}()
	go informer.Informer().Run(stop)
	if cache.WaitForCacheSync(stop, informer.Informer().HasSynced) {
		emit("synced", map[string]any{"resourceVersion": informer.Informer().LastSyncResourceVersion()})
	}
	<-stop
}
