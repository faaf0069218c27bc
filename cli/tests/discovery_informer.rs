//! client-go's dynamic informer on watchable discovery, against `kapi serve --dir … --watch`: the program in
//! tests/informer (built by its build.sh, or named by `KAPI_INFORMER`) prints every request it sends, every watch
//! event it reads and every handler call. The informer's first list delivers every group kapi lists, its watch
//! starts from that list, a reload reaches its handler within a second, a bookmark before each watch's timeout
//! carries it to the next watch, and after kapi restarts (its resource versions unknown to the new process) the
//! watch gets a 410 `Expired` ERROR event, the informer lists again and its store converges to the new state.

use crate::common;
use crate::groups::{corpus_copy, drop_group, drop_resource, get, logged, since_logged};

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime};

use common::Server;
use serde_json::Value;

const GROUPS: &str = "/apis/discovery.k8s.io/v1alpha1/groups";
/// The watch timeout the informer asks for instead of the reflector's five to ten minutes: short enough that the
/// test sees a watch get its pre-timeout bookmark (2 s before the end) and the next watch continue from it.
const WATCH_TIMEOUT: &str = "5s";

/// The informer binary: `KAPI_INFORMER`, or what tests/informer/build.sh prints (building it when needed). `None`
/// only outside CI when Go is missing, after saying so loudly.
fn informer_binary() -> Option<PathBuf> {
    if let Some(binary) = std::env::var_os("KAPI_INFORMER") {
        return Some(PathBuf::from(binary));
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/informer/build.sh");
    let go_installed = Command::new("go").arg("version").output().is_ok_and(|output| output.status.success());
    if !go_installed {
        assert!(std::env::var_os("CI").is_none(), "Go is not installed in CI: the client-go informer cannot be built");
        eprintln!("\n*** GO IS NOT INSTALLED: the client-go informer test DID NOT RUN ***\n");
        return None;
    }
    let output = Command::new("bash").arg(&script).output().expect("bash runs");
    assert!(output.status.success(), "{} failed:\n{}", script.display(), String::from_utf8_lossy(&output.stderr));
    let path = String::from_utf8_lossy(&output.stdout).lines().last().unwrap_or_default().to_owned();
    Some(PathBuf::from(path))
}

/// The informer process and the lines it printed so far, each with the instant the test read it.
struct Informer {
    child: Child,
    lines: mpsc::Receiver<(Value, Instant)>,
    seen: Vec<(Value, Instant)>,
}

/// A line the informer printed: the line, when the test read it, and its position among the lines.
struct Found {
    line: Value,
    read: Instant,
    at: usize,
}

impl Informer {
    fn start(binary: &Path, server: &str) -> Self {
        let mut child = Command::new(binary)
            .args(["--server", server, "--watch-timeout", WATCH_TIMEOUT])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the informer starts");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let value: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
                if sender.send((value, Instant::now())).is_err() {
                    break;
                }
            }
        });
        Self { child, lines, seen: Vec::new() }
    }

    /// Reads one more line, waiting until `deadline`; false when none came.
    fn read_one(&mut self, deadline: Instant) -> bool {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => {
                self.seen.push(line);
                true
            }
            Err(_) => false,
        }
    }

    /// The first line at position `from` or later that satisfies `wanted`, waiting for it (at most 30 s). The
    /// handler runs on goroutines of its own, so its lines and the transport's interleave freely: each wait says
    /// which earlier line the one it wants must follow.
    fn find(&mut self, what: &str, from: usize, wanted: impl Fn(&Value) -> bool) -> Found {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut checked = from;
        loop {
            if let Some(offset) = self.seen.iter().skip(checked).position(|(line, _)| wanted(line)) {
                let at = checked + offset;
                let (line, read) = self.seen[at].clone();
                return Found { line, read, at };
            }
            checked = checked.max(self.seen.len());
            assert!(self.read_one(deadline), "no {what} within 30 s; the informer printed:\n{}", self.printed());
        }
    }

    /// Waits (at most 30 s) until the handler's view of the objects is `expected`.
    fn converge(&mut self, what: &str, expected: &BTreeMap<String, String>) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.store() != *expected {
            assert!(
                self.read_one(deadline),
                "{what}: the informer's store {:?}\nis not kapi's {expected:?}\n{}",
                self.store(),
                self.printed()
            );
        }
    }

    /// The objects the handler was told about, by name, with their resource versions.
    fn store(&self) -> BTreeMap<String, String> {
        let mut store = BTreeMap::new();
        for (line, _) in &self.seen {
            let (name, version) = (text(line, "name"), text(line, "resourceVersion"));
            match line["event"].as_str() {
                Some("add" | "update") => store.insert(name.to_owned(), version.to_owned()),
                Some("delete" | "delete-tombstone") => store.remove(name),
                _ => None,
            };
        }
        store
    }

    fn printed(&self) -> String {
        self.seen.iter().map(|(line, _)| line.to_string()).collect::<Vec<_>>().join("\n")
    }
}

impl Drop for Informer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn text<'a>(line: &'a Value, key: &str) -> &'a str {
    line[key].as_str().unwrap_or_default()
}

fn is(event: &'static str) -> impl Fn(&Value) -> bool {
    move |line| line["event"] == event
}

fn request(verb: &'static str, status: u16) -> impl Fn(&Value) -> bool {
    move |line| line["event"] == "request" && line["verb"] == verb && line["status"] == status
}

/// The value of `key` in a request line's query string.
fn query_value(line: &Value, key: &str) -> String {
    text(line, "query")
        .split('&')
        .find_map(|pair| pair.strip_prefix(key)?.strip_prefix('='))
        .unwrap_or_default()
        .to_owned()
}

/// kapi's own list: its resource version, and each group's resource version by name.
fn kapi_list(server: &Server) -> (String, BTreeMap<String, String>) {
    let (code, list) = get(server, GROUPS);
    assert_eq!(code, 200, "{list}");
    let objects = list["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|item| (text(&item["metadata"], "name").to_owned(), text(&item["metadata"], "resourceVersion").to_owned()))
        .collect();
    (text(&list["metadata"], "resourceVersion").to_owned(), objects)
}

/// The wall-clock time a line of the informer carries.
fn printed_at(line: &Value) -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_nanos(line["unixNanos"].as_u64().expect("unixNanos"))
}

#[test]
fn a_client_go_informer_lists_watches_follows_reloads_and_relists_after_a_410() {
    let Some(binary) = informer_binary() else { return };
    let started = Instant::now();
    let dir = corpus_copy();
    let root = dir.path().to_str().expect("utf-8");
    let logs = tempfile::tempdir().expect("tempdir");
    let log = logs.path().join("serve.log");
    let server = Server::kapi_serve_logging_to(&["--dir", root, "--watch"], &log);
    let (listed_version, served) = kapi_list(&server);
    assert!(served.len() > 10 && served.contains_key("apps"), "{served:?}");
    let mut informer = Informer::start(&binary, &server.url());

    // The first list, from any state (resourceVersion=0, as the reflector asks), fills the store with every group;
    // the watch continues from the list's version, with bookmarks allowed.
    let list = informer.find("the first list", 0, request("list", 200));
    assert_eq!(query_value(&list.line, "resourceVersion"), "0", "{}", list.line);
    let watch = informer.find("the first watch", list.at, request("watch", 200));
    assert_eq!(query_value(&watch.line, "resourceVersion"), listed_version, "{}", watch.line);
    assert_eq!(query_value(&watch.line, "allowWatchBookmarks"), "true", "{}", watch.line);
    informer.converge("the first list", &served);
    informer.find("the informer's sync", 0, is("synced"));
    eprintln!("{:.1} s: the store has every group", started.elapsed().as_secs_f64());

    // A reload (a resource dropped from apps/v1, and SIGHUP for a reload at once) reaches the handler.
    let from = informer.seen.len();
    let written = Instant::now();
    drop_resource(dir.path(), "apps", "v1", "statefulsets");
    let hangup = Command::new("kill").args(["-HUP", &server.child.id().to_string()]).status().expect("kill runs");
    assert!(hangup.success());
    let update = informer.find("the reload's update", from, |line| line["event"] == "update" && line["name"] == "apps");
    let after_write = update.read - written;
    let after_reload = since_logged(logged(&log, "group objects changed", 2), printed_at(&update.line));
    eprintln!("reload to handler: {after_reload:.4} s after kapi logged the change, {after_write:?} after the write");
    assert!(after_write < Duration::from_secs(1), "the reload reached the handler {after_write:?} after the write");
    let updated_version = text(&update.line, "resourceVersion").to_owned();
    let (_, now_served) = kapi_list(&server);
    assert_eq!(now_served["apps"], updated_version, "the handler has kapi's current apps");

    // 2 s before a watch's timeout a bookmark carries the latest version; the next watch starts from it.
    let bookmark =
        informer.find("a bookmark", update.at, |line| line["event"] == "watch-event" && line["type"] == "BOOKMARK");
    assert_eq!(text(&bookmark.line, "resourceVersion"), updated_version, "{}", bookmark.line);
    let closed = informer.find("the watch's end", bookmark.at, is("watch-closed"));
    let next_watch = informer.find("the next watch", closed.at, request("watch", 200));
    assert_eq!(query_value(&next_watch.line, "resourceVersion"), updated_version, "{}", next_watch.line);
    let lists = informer.seen.iter().filter(|(line, _)| request("list", 200)(line)).count();
    assert_eq!(lists, 1, "no list since the first: the watches continued\n{}", informer.printed());
    eprintln!("{:.1} s: a bookmark carried a watch to the next", started.elapsed().as_secs_f64());

    // kapi restarts on the same port with a group fewer: the informer's version is older than anything the new
    // process can continue from, so its watch gets a 410 ERROR event, and it lists again.
    // Killed once a watch has lasted a second and before its timeout: client-go takes a watch that ends sooner,
    // without events, for a broken one and lists at once, rather than watching again from its version.
    let mut open_watch = next_watch;
    loop {
        std::thread::sleep(Duration::from_millis(1500).saturating_sub(open_watch.read.elapsed()));
        if open_watch.read.elapsed() < Duration::from_secs(4) {
            break;
        }
        open_watch = informer.find("a later watch", open_watch.at + 1, request("watch", 200));
    }
    let port = server.port;
    eprintln!("{:.1} s: restarting kapi", started.elapsed().as_secs_f64());
    drop(server);
    drop_group(dir.path(), "batch.example.com");
    let server = Server::kapi_serve_on(port, &["--dir", root, "--watch"]);
    let expired =
        informer.find("the 410", open_watch.at, |line| line["event"] == "watch-event" && line["type"] == "ERROR");
    assert_eq!(
        (expired.line["code"].as_i64(), text(&expired.line, "reason")),
        (Some(410), "Expired"),
        "{}",
        expired.line
    );
    eprintln!("{:.1} s: the watch got the 410", started.elapsed().as_secs_f64());
    let relist = informer.find("the relist", expired.at, request("list", 200));
    assert_eq!(query_value(&relist.line, "resourceVersion"), updated_version, "{}", relist.line);
    let (relisted_version, now_served) = kapi_list(&server);
    assert!(!now_served.contains_key("batch.example.com"));
    // A relist learns of a deletion without the object's last state: client-go hands the handler a tombstone.
    let gone = |line: &Value| line["event"] == "delete-tombstone" && line["name"] == "batch.example.com";
    informer.find("the deleted group", relist.at, gone);
    let rewatch = informer.find("the watch after the relist", relist.at, request("watch", 200));
    assert_eq!(query_value(&rewatch.line, "resourceVersion"), relisted_version, "{}", rewatch.line);
    informer.converge("after the relist", &now_served);
    eprintln!("informer test: {:.1} s", started.elapsed().as_secs_f64());
}
