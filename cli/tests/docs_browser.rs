//! The API reference `kapi serve` answers at `/docs/`, in a real browser: Debian's chromium, headless, against
//! `kapi serve` on the embedded corpus.
//!
//! Screenshots of the index, apps/v1, a custom group's page, apps/v1 at a phone's width and the index showing search
//! results are written to `target/docs-screenshots/` for people to look at (the README says so). The DOM chromium
//! rendered (`--dump-dom`, once the deferred scripts ran) is checked: every link of the groups navigation resolves,
//! every link's anchor exists on the page it names, every kind discovery lists has its section on its
//! group-version's page, the search finds `Deployment.spec.replicas` (from the index and from the form of another
//! page), and the basics of accessibility hold on every page. A probe page framing the reference at a phone's width
//! measures that no page scrolls sideways, and a title and logo of the user's own show on every page.
//!
//! Without chromium these tests fail rather than skip: `scripts/test.sh` installs it.

use crate::common;

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::Server;
use scraper::{ElementRef, Html, Selector};

/// A chromium run that takes longer has hung: the test fails instead of waiting for it.
const CHROMIUM_TIMEOUT: Duration = Duration::from_secs(90);

const AGG_V2: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";

/// What the search is asked for, and the label of the result it must find.
const QUERY: &str = "Deployment.spec.replicas";

/// Desktop and phone viewports.
const DESKTOP: (u32, u32) = (1280, 1600);
const PHONE: (u32, u32) = (390, 844);

/// The installed chromium (Debian's package puts it on PATH as `chromium`).
fn chromium() -> PathBuf {
    let found = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .map(|dir| dir.join("chromium"))
        .find(|path| path.is_file());
    found.unwrap_or_else(|| {
        panic!(
            "chromium is not installed, so the browser tests of /docs/ cannot run: scripts/test.sh installs Debian's \
             chromium (apt-get install chromium)"
        )
    })
}

/// Runs headless chromium on `url` with `args`, in a fresh profile; its standard output. A run that has not ended
/// after [`CHROMIUM_TIMEOUT`] is killed (its whole process group, which it leads) and fails the test.
fn run_chromium(args: &[&str], url: &str) -> String {
    let profile = tempfile::tempdir().expect("tempdir");
    let child = Command::new(chromium())
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run"])
        // Virtual time runs the page's deferred scripts (the search) before the screenshot or the dump is taken.
        .arg("--virtual-time-budget=5000")
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(args)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("chromium starts");
    let pid = child.id();
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(child.wait_with_output());
    });
    let Ok(output) = receiver.recv_timeout(CHROMIUM_TIMEOUT) else {
        let _ = Command::new("kill").args(["-KILL", "--", &format!("-{pid}")]).status();
        panic!("chromium {args:?} {url} did not finish within {CHROMIUM_TIMEOUT:?}");
    };
    let output = output.expect("chromium runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    // Without a D-Bus (containers, CI) chromium logs about it at length; the rest is worth showing.
    let noteworthy: Vec<&str> = stderr.lines().filter(|line| !line.contains("dbus")).collect();
    assert!(output.status.success(), "chromium {args:?} {url}: {}\n{}", output.status, noteworthy.join("\n"));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The DOM chromium rendered for `url`, after its scripts ran.
fn rendered(url: &str) -> Html {
    let dom = run_chromium(&["--dump-dom"], url);
    assert!(dom.contains("<html"), "chromium dumped no document for {url}: {dom:?}");
    Html::parse_document(&dom)
}

/// Where the screenshots go: `target/docs-screenshots/` in the workspace, created when missing.
fn screenshot_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/docs-screenshots");
    std::fs::create_dir_all(&dir).expect("target/docs-screenshots");
    dir.canonicalize().expect("target/docs-screenshots")
}

/// Screenshots `url` at `size` into `file`, which must then be a PNG of that size and more than `min_bytes` long
/// (an empty page compresses to a few kilobytes).
fn screenshot(url: &str, size: (u32, u32), file: &Path, min_bytes: usize) {
    let _ = std::fs::remove_file(file);
    let window = format!("--window-size={},{}", size.0, size.1);
    let target = format!("--screenshot={}", file.display());
    run_chromium(&[&window, &target], url);
    let png = std::fs::read(file).unwrap_or_else(|error| panic!("chromium wrote no {}: {error}", file.display()));
    assert!(
        png.len() > 24 && png.starts_with(b"\x89PNG\r\n\x1a\n") && &png[12..16] == b"IHDR",
        "{} is not a PNG",
        file.display()
    );
    let dimension = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    assert_eq!((dimension(16), dimension(20)), size, "{} has the window's size", file.display());
    assert!(png.len() > min_bytes, "{} is {} bytes: a blank page?", file.display(), png.len());
}

/// A link's target: the path (absolute, normalised), the query and the fragment (percent-decoded).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Target {
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Target {
    /// The path with its query: what to request.
    fn request(&self) -> String {
        match &self.query {
            Some(query) => format!("{}?{query}", self.path),
            None => self.path.clone(),
        }
    }
}

/// Resolves `href` against the page at `base` (an absolute path, maybe with a query) as a browser does.
fn resolve(base: &str, href: &str) -> Target {
    let base = base.split(['?', '#']).next().unwrap_or_default();
    let (rest, fragment) = match href.split_once('#') {
        Some((rest, fragment)) => (rest, Some(percent_decode(fragment))),
        None => (href, None),
    };
    let (path, query) = match rest.split_once('?') {
        Some((path, query)) => (path, Some(query.to_owned())),
        None => (rest, None),
    };
    let joined = if path.is_empty() {
        base.to_owned()
    } else if path.starts_with('/') {
        path.to_owned()
    } else {
        format!("{}{path}", &base[..=base.rfind('/').unwrap_or_default()])
    };
    let mut segments: Vec<&str> = Vec::new();
    let parts: Vec<&str> = joined.split('/').skip(1).collect();
    for (index, segment) in parts.iter().enumerate() {
        let last = index + 1 == parts.len();
        match *segment {
            "." => {}
            ".." => {
                segments.pop();
            }
            segment => segments.push(segment),
        }
        // A path ending in `.`, `..` or `/` names a directory.
        if last && matches!(*segment, "." | "..") {
            segments.push("");
        }
    }
    Target { path: format!("/{}", segments.join("/")), query, fragment }
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let hex = bytes.get(index + 1..index + 3).and_then(|hex| std::str::from_utf8(hex).ok());
        match (bytes[index], hex.and_then(|hex| u8::from_str_radix(hex, 16).ok())) {
            (b'%', Some(byte)) => {
                decoded.push(byte);
                index += 3;
            }
            (byte, _) => {
                decoded.push(byte);
                index += 1;
            }
        }
    }
    String::from_utf8_lossy(&decoded).into_owned()
}

#[test]
fn links_resolve_as_a_browser_resolves_them() {
    let target = |path: &str, query: Option<&str>, fragment: Option<&str>| Target {
        path: path.to_owned(),
        query: query.map(str::to_owned),
        fragment: fragment.map(str::to_owned),
    };
    assert_eq!(resolve("/docs/", "apps/v1"), target("/docs/apps/v1", None, None));
    assert_eq!(resolve("/docs/?q=x", "apps/v1#A.b"), target("/docs/apps/v1", None, Some("A.b")));
    assert_eq!(resolve("/docs/apps/v1", "../core/v1#Pod"), target("/docs/core/v1", None, Some("Pod")));
    assert_eq!(resolve("/docs/apps/v1", "../../docs/"), target("/docs/", None, None));
    assert_eq!(resolve("/docs/apps/v1", "../"), target("/docs/", None, None));
    assert_eq!(resolve("/docs/apps/v1", ".."), target("/docs/", None, None));
    assert_eq!(resolve("/docs/apps/v1", "#content"), target("/docs/apps/v1", None, Some("content")));
    assert_eq!(resolve("/docs/apps/v1", "?q=a"), target("/docs/apps/v1", Some("q=a"), None));
    assert_eq!(resolve("/docs/a.b/v1", "../_assets/s.css"), target("/docs/_assets/s.css", None, None));
    assert_eq!(resolve("/docs/common", "#X.%24ref"), target("/docs/common", None, Some("X.$ref")));
}

fn selector(css: &str) -> Selector {
    Selector::parse(css).unwrap_or_else(|error| panic!("{css}: {error:?}"))
}

fn text(element: ElementRef<'_>) -> String {
    element.text().collect::<String>().split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `GET path` from the server: the status, the `Content-Type` and the body.
fn get(server: &Server, path: &str) -> (u16, String, String) {
    let (code, head, body) = server.get_with(path, &[("Accept", "text/html,*/*")]);
    let content_type = head
        .lines()
        .filter_map(|line| line.split_once(':'))
        .find(|(name, _)| name.trim().eq_ignore_ascii_case("content-type"))
        .map(|(_, value)| value.trim().to_ascii_lowercase())
        .unwrap_or_default();
    (code, content_type, body)
}

/// The page id of a group-version (`core/v1` for the legacy group).
fn page_id(group: &str, version: &str) -> String {
    format!("{}/{version}", if group.is_empty() { "core" } else { group })
}

/// Every kind aggregated discovery lists (top-level resources), by the path of its group-version's page.
fn discovered_kinds(server: &Server) -> BTreeMap<String, BTreeSet<String>> {
    let mut kinds: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for root in ["/api", "/apis"] {
        let (code, body) = server.get(root, AGG_V2);
        assert_eq!(code, 200, "{root}: {body}");
        let list: serde_json::Value = serde_json::from_str(&body).expect("aggregated discovery JSON");
        for group in list["items"].as_array().expect("items") {
            let name = group["metadata"]["name"].as_str().unwrap_or_default();
            for version in group["versions"].as_array().expect("versions") {
                let version_name = version["version"].as_str().expect("version");
                let page = format!("/docs/{}", page_id(name, version_name));
                let listed = kinds.entry(page).or_default();
                for resource in version["resources"].as_array().expect("resources") {
                    listed.insert(resource["responseKind"]["kind"].as_str().expect("kind").to_owned());
                }
            }
        }
    }
    assert!(kinds.contains_key("/docs/apps/v1") && kinds.contains_key("/docs/core/v1"), "{kinds:?}");
    kinds
}

/// The accessibility basics every page keeps: a language, one h1, headings that never skip a level, a labelled
/// search box, the skip link to `main#content`, a text for every image and link, ids used once, a viewport.
fn check_accessibility(page: &str, html: &Html) -> Vec<String> {
    let mut problems = Vec::new();
    let mut problem = |text: String| problems.push(format!("{page}: {text}"));
    let lang = html.root_element().attr("lang").unwrap_or_default();
    if lang.trim().is_empty() {
        problem("<html> has no lang".into());
    }
    if html.select(&selector("head > title")).next().is_none_or(|title| text(title).is_empty()) {
        problem("no <title>".into());
    }
    if html.select(&selector(r#"meta[name="viewport"]"#)).next().is_none() {
        problem("no <meta name=\"viewport\">: phones render it at desktop width".into());
    }
    let headings: Vec<(u8, String)> = html
        .select(&selector("h1, h2, h3, h4, h5, h6"))
        .map(|heading| (heading.value().name().as_bytes()[1] - b'0', text(heading)))
        .collect();
    let h1s = headings.iter().filter(|(level, _)| *level == 1).count();
    if h1s != 1 {
        problem(format!("{h1s} <h1>s, not one"));
    }
    let mut previous = 1;
    for (level, title) in &headings {
        if *level > previous + 1 {
            problem(format!("<h{level}> {title:?} follows an <h{previous}>: a heading level skipped"));
        }
        if title.is_empty() {
            problem(format!("an empty <h{level}>"));
        }
        previous = *level;
    }
    match html.select(&selector("form#search-form input#search")).next() {
        None => problem("no input#search in form#search-form".into()),
        Some(input) => {
            if input.attr("type") != Some("search") || input.attr("name") != Some("q") {
                problem(format!("the search box is {}", input.html()));
            }
            let label = html.select(&selector(r#"label[for="search"]"#)).next();
            if label.is_none_or(|label| text(label).is_empty()) && input.attr("aria-label").is_none() {
                problem("the search box has no label".into());
            }
        }
    }
    if html.select(&selector(r##"a.skip-link[href="#content"]"##)).next().is_none() {
        problem("no skip link to #content".into());
    }
    if html.select(&selector("main#content")).count() != 1 {
        problem("not one main#content".into());
    }
    if html.select(&selector(r#"nav#groups[aria-label]"#)).count() != 1 {
        problem("not one nav#groups with an aria-label".into());
    }
    for image in html.select(&selector("img:not([alt])")) {
        problem(format!("an image without alt: {}", image.html()));
    }
    for link in html.select(&selector("a[href]")) {
        let named = !text(link).is_empty()
            || link.attr("aria-label").is_some_and(|label| !label.trim().is_empty())
            || link.select(&selector("img[alt]")).any(|image| !image.attr("alt").unwrap_or_default().is_empty());
        if !named {
            problem(format!("a link without text: {}", link.html()));
        }
    }
    let mut seen = BTreeSet::new();
    for element in html.select(&selector("[id]")) {
        let id = element.attr("id").unwrap_or_default();
        if !seen.insert(id) {
            problem(format!("id {id:?} used more than once"));
        }
    }
    problems
}

/// The ids of a page's elements.
fn ids(html: &Html) -> BTreeSet<String> {
    html.select(&selector("[id]")).filter_map(|element| element.attr("id")).map(str::to_owned).collect()
}

/// Every reference a page makes (links, stylesheets, scripts, images, form actions), with what makes it.
fn references(html: &Html) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for (css, attribute) in [("a[href]", "href"), ("link[href]", "href"), ("script[src]", "src"), ("img[src]", "src")] {
        for element in html.select(&selector(css)) {
            let value = element.attr(attribute).unwrap_or_default().to_owned();
            found.push((value, format!("<{} {attribute}>", element.value().name())));
        }
    }
    found
}

/// Whether `href` leaves the reference (another site, or another scheme).
fn external(href: &str) -> bool {
    href.contains("://") || href.starts_with("//") || href.starts_with("mailto:") || href.starts_with("data:")
}

/// The reference as a reader reaches it from `/docs/`: every page and asset a link leads to, fetched over HTTP;
/// the HTML pages parsed (those in `rendered` are the DOM chromium rendered, the others the served HTML).
struct Site {
    pages: BTreeMap<String, Html>,
    assets: BTreeMap<String, (String, String)>,
    /// (page, reference, what makes it, its target) for every reference inside the reference.
    links: Vec<(String, String, String, Target)>,
}

fn crawl(server: &Server, mut rendered: BTreeMap<String, Html>) -> Site {
    let mut site = Site { pages: BTreeMap::new(), assets: BTreeMap::new(), links: Vec::new() };
    let mut problems = Vec::new();
    let mut queue = VecDeque::from(["/docs/".to_owned()]);
    let mut queued: BTreeSet<String> = queue.iter().cloned().collect();
    while let Some(path) = queue.pop_front() {
        let (code, content_type, body) = get(server, &path);
        if code != 200 {
            problems.push(format!("{path}: {code}"));
            continue;
        }
        if !content_type.starts_with("text/html") {
            site.assets.insert(path, (content_type, body));
            continue;
        }
        let html = rendered.remove(&path).unwrap_or_else(|| Html::parse_document(&body));
        for (href, by) in references(&html) {
            if external(&href) {
                continue;
            }
            if href.starts_with('/') {
                problems.push(format!(
                    "{path}: {by} {href:?} is not relative (the reference may be served under another prefix)"
                ));
            }
            let target = resolve(&path, &href);
            if !target.path.starts_with("/docs/") {
                problems.push(format!("{path}: {by} {href:?} leads out of /docs/ to {}", target.path));
                continue;
            }
            let request = target.request();
            if queued.insert(request.clone()) {
                queue.push_back(request);
            }
            site.links.push((path.clone(), href, by, target));
        }
        site.pages.insert(path, html);
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
    site
}

#[test]
fn every_page_resolves_with_its_anchors_kinds_and_accessibility() {
    let server = Server::kapi_serve(&[]);
    let url = server.url();
    let mut rendered_pages = BTreeMap::new();
    for page in ["/docs/", "/docs/apps/v1", "/docs/stable.example.com/v1"] {
        rendered_pages.insert(page.to_owned(), rendered(&format!("{url}{page}")));
    }

    // The groups navigation of the index (as rendered): a page for every group-version discovery lists, and common.
    let index = &rendered_pages["/docs/"];
    let navigation: BTreeSet<String> = index
        .select(&selector("nav#groups a[href]"))
        .map(|link| resolve("/docs/", link.attr("href").unwrap_or_default()).path)
        .collect();
    let kinds = discovered_kinds(&server);
    let expected: Vec<String> = kinds.keys().cloned().chain(["/docs/common".to_owned()]).collect();
    let unlisted: Vec<&String> = expected.iter().filter(|page| !navigation.contains(*page)).collect();
    assert!(unlisted.is_empty(), "the groups navigation lacks {unlisted:?} (it has {navigation:?})");

    let site = crawl(&server, rendered_pages);
    for page in &navigation {
        assert!(site.pages.contains_key(page), "{page}, in the groups navigation, is not an HTML page");
    }
    let ids: HashMap<&str, BTreeSet<String>> =
        site.pages.iter().map(|(path, html)| (path.as_str(), ids(html))).collect();

    // Every reference resolves: pages and assets answered 200 (crawl), and every fragment names an element.
    let mut problems = Vec::new();
    for (page, href, by, target) in &site.links {
        let Some(fragment) = &target.fragment else { continue };
        match ids.get(target.path.as_str()) {
            Some(present) if present.contains(fragment) => {}
            Some(_) => problems.push(format!("{page}: {by} {href:?}: no id {fragment:?} on {}", target.path)),
            None => problems.push(format!("{page}: {by} {href:?}: {} is not an HTML page", target.path)),
        }
    }
    for (path, (content_type, body)) in &site.assets {
        let expected: &[&str] = match path.rsplit('.').next() {
            Some("css") => &["text/css"],
            Some("js") => &["text/javascript", "application/javascript"],
            _ => &[""],
        };
        if !expected.iter().any(|expected| content_type.starts_with(expected)) || body.is_empty() {
            problems.push(format!("{path}: {content_type:?}, {} bytes", body.len()));
        }
    }
    for asset in ["/docs/_assets/style.css", "/docs/_assets/search.js", "/docs/_assets/search-index.js"] {
        if !site.assets.contains_key(asset) {
            problems.push(format!("no page refers to {asset}"));
        }
    }

    // Every kind discovery lists has its section, with an h2, on its group-version's page.
    for (page, listed) in &kinds {
        let Some(html) = site.pages.get(page) else { continue };
        for kind in listed {
            let sections = html.select(&selector(&format!(r#"section[id="{kind}"]"#))).count();
            let titled = html.select(&selector(&format!(r#"section[id="{kind}"] h2"#))).count();
            if sections != 1 || titled == 0 {
                problems.push(format!("{page}: {sections} section#{kind} ({titled} h2 in them)"));
            }
        }
    }
    assert!(
        ids["/docs/apps/v1"].contains("Deployment.spec") && ids["/docs/apps/v1"].contains("DeploymentSpec.replicas"),
        "apps/v1 has the rows of Deployment.spec and DeploymentSpec.replicas"
    );

    // Every search index entry leads to an element of its page.
    let (_, index_js) = &site.assets["/docs/_assets/search-index.js"];
    let entries = search_index(index_js);
    assert!(entries.iter().any(|entry| entry[0] == QUERY && entry[2] == "apps/v1"), "no {QUERY} in the search index");
    for entry in &entries {
        let [label, _, page, anchor] = &entry[..] else {
            problems.push(format!("search index entry {entry:?} is not [label, groupVersion, pageId, anchor]"));
            continue;
        };
        let path = format!("/docs/{page}");
        if !ids.get(path.as_str()).is_some_and(|present| present.contains(anchor)) {
            problems.push(format!("search index: {label:?} leads to {path}#{anchor}, which does not exist"));
        }
    }

    for (page, html) in &site.pages {
        problems.extend(check_accessibility(page, html));
    }
    problems.truncate(200);
    assert!(problems.is_empty(), "{} problems (at most 200 shown):\n{}", problems.len(), problems.join("\n"));
    eprintln!(
        "{} pages, {} assets, {} references, {} search entries checked",
        site.pages.len(),
        site.assets.len(),
        site.links.len(),
        entries.len()
    );
}

/// `window.KAPI_SEARCH_INDEX = [[label, groupVersion, pageId, anchor], ...];` read as its entries.
fn search_index(script: &str) -> Vec<Vec<String>> {
    let start = script.find("KAPI_SEARCH_INDEX").and_then(|at| script[at..].find('[').map(|open| at + open));
    let end = script.rfind(']');
    let (Some(start), Some(end)) = (start, end) else {
        panic!("search-index.js sets no KAPI_SEARCH_INDEX: {script:.200}")
    };
    let entries: Vec<Vec<serde_json::Value>> =
        serde_json::from_str(&script[start..=end]).expect("KAPI_SEARCH_INDEX is a JSON array of arrays");
    assert!(!entries.is_empty(), "the search index is empty");
    entries
        .into_iter()
        .map(|entry| {
            entry.iter().map(|value| value.as_str().map_or_else(|| value.to_string(), str::to_owned)).collect()
        })
        .collect()
}

/// The results chromium rendered for `page` (whose path is `base`) into `#search-results`: the result labelled
/// [`QUERY`] must lead to an existing row of apps/v1's page.
fn check_search_result(server: &Server, base: &str, page: &Html) {
    let results: Vec<(String, String)> = page
        .select(&selector("#search-results a[href]"))
        .map(|link| (text(link), link.attr("href").unwrap_or_default().to_owned()))
        .collect();
    let Some((_, href)) = results.iter().find(|(label, _)| label == QUERY) else {
        panic!("{base}: no search result labelled {QUERY}; the results are {results:?}")
    };
    let target = resolve(base, href);
    assert_eq!(target.path, "/docs/apps/v1", "{base}: the result {href:?} leads to {target:?}");
    let fragment = target.fragment.unwrap_or_else(|| panic!("{base}: the result {href:?} has no anchor"));
    let (code, _, body) = get(server, "/docs/apps/v1");
    assert_eq!(code, 200);
    let apps = Html::parse_document(&body);
    let row = apps
        .select(&selector("[id]"))
        .find(|element| element.attr("id") == Some(fragment.as_str()))
        .unwrap_or_else(|| panic!("{base}: the result {href:?}: apps/v1 has no id {fragment:?}"));
    assert!(text(row).contains("replicas"), "{base}: the result leads to {}", row.html());
}

#[test]
fn the_search_finds_deployment_spec_replicas() {
    let server = Server::kapi_serve(&[]);
    let url = server.url();
    // From the index's address with ?q=, as a bookmark or the index's own form gives it.
    let base = format!("/docs/?q={QUERY}");
    check_search_result(&server, &base, &rendered(&format!("{url}{base}")));

    // From the search form of a page two levels down: where its action leads, with the query.
    let (code, _, body) = get(&server, "/docs/stable.example.com/v1");
    assert_eq!(code, 200);
    let page = Html::parse_document(&body);
    let form = page.select(&selector("form#search-form")).next().expect("form#search-form");
    let method = form.attr("method").unwrap_or("get");
    assert!(method.eq_ignore_ascii_case("get"), "the search form's method is {method}");
    let action = resolve("/docs/stable.example.com/v1", form.attr("action").unwrap_or_default());
    let base = format!("{}?q={QUERY}", action.path);
    check_search_result(&server, &base, &rendered(&format!("{url}{base}")));
}

#[test]
fn screenshots_of_the_index_apps_v1_a_custom_group_and_a_phone() {
    let server = Server::kapi_serve(&[]);
    let url = server.url();
    let dir = screenshot_dir();
    let shots = [
        ("index.png", "/docs/".to_owned(), DESKTOP, 25_000),
        ("apps-v1.png", "/docs/apps/v1".to_owned(), DESKTOP, 25_000),
        ("stable.example.com-v1.png", "/docs/stable.example.com/v1".to_owned(), DESKTOP, 25_000),
        ("apps-v1-phone.png", "/docs/apps/v1".to_owned(), PHONE, 8_000),
        ("search.png", format!("/docs/?q={QUERY}"), DESKTOP, 25_000),
    ];
    for (file, path, size, min_bytes) in shots {
        screenshot(&format!("{url}{path}"), size, &dir.join(file), min_bytes);
    }
    eprintln!("screenshots in {}", dir.display());
}

#[test]
fn docs_without_its_slash_redirects_to_the_index() {
    // Relative links only work from /docs/: /docs itself must send the browser there.
    let server = Server::kapi_serve(&[]);
    let (code, head, _) = server.get_with("/docs", &[("Accept", "text/html")]);
    assert!(matches!(code, 301 | 302 | 307 | 308), "/docs answers {code}: {head}");
    let location = head
        .lines()
        .find_map(|line| line.split_once(':').filter(|(name, _)| name.eq_ignore_ascii_case("location")))
        .map(|(_, value)| value.trim().to_owned())
        .unwrap_or_default();
    assert!(location == "/docs/" || location == "docs/", "/docs redirects to {location:?}");
}

/// A logo of a user's own: a blue disc with a white W.
const LOGO: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<circle cx="32" cy="32" r="30" fill="#1f5fbf"/>
<path d="M14 20 L22 46 L32 28 L42 46 L50 20" fill="none" stroke="#fff" stroke-width="5"/>
</svg>
"##;

#[test]
fn a_title_and_a_logo_of_your_own() {
    let dir = tempfile::tempdir().expect("tempdir");
    let logo = dir.path().join("logo.svg");
    std::fs::write(&logo, LOGO).expect("logo");
    let server = Server::kapi_serve(&["--docs-title", "Widgets API", "--docs-logo", logo.to_str().expect("utf-8")]);
    let url = server.url();
    for page in ["/docs/", "/docs/stable.example.com/v1"] {
        let html = rendered(&format!("{url}{page}"));
        let problems = check_accessibility(page, &html);
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        let title = html.select(&selector("head > title")).next().map(text).unwrap_or_default();
        assert!(title.contains("Widgets API"), "{page}: the title is {title:?}");
        let images: Vec<String> =
            html.select(&selector("img[src]")).filter_map(|image| image.attr("src")).map(str::to_owned).collect();
        assert!(!images.is_empty(), "{page} shows no logo");
        for src in images {
            let target = resolve(page, &src);
            let (code, content_type, body) = get(&server, &target.request());
            assert_eq!(code, 200, "{page}: the logo {src:?}");
            assert!(content_type.starts_with("image/svg+xml"), "{page}: the logo {src:?} is {content_type}");
            assert_eq!(body, LOGO, "{page}: the logo {src:?} is served as given");
        }
    }
    screenshot(&format!("{url}/docs/"), DESKTOP, &screenshot_dir().join("index-title-and-logo.png"), 25_000);
}

/// Serves `probe` at `/probe` and passes every other request on to the server on `port`: the probe and the pages
/// it frames share an origin, so its script may measure them. Runs until the test process ends.
fn same_origin_probe(port: u16, probe: String) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let own = listener.local_addr().expect("address").port();
    std::thread::spawn(move || {
        for stream in listener.incoming().map_while(Result::ok) {
            let probe = probe.clone();
            std::thread::spawn(move || {
                let _ = pass_on(stream, port, &probe);
            });
        }
    });
    own
}

fn pass_on(mut client: TcpStream, port: u16, probe: &str) -> std::io::Result<()> {
    client.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if client.read(&mut byte)? == 0 {
            return Ok(());
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head);
    let path = head.split(' ').nth(1).unwrap_or("/");
    if path == "/probe" {
        let length = probe.len();
        let head = format!(
            "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n"
        );
        return client.write_all(head.as_bytes()).and_then(|()| client.write_all(probe.as_bytes()));
    }
    let mut upstream = TcpStream::connect(("127.0.0.1", port))?;
    write!(upstream, "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")?;
    std::io::copy(&mut upstream, &mut client).map(drop)
}

/// Frames each page at a phone's width and reports, per page, its scroll width, its viewport's width and the
/// elements that stick out to the right outside any scrolling or clipping box (`#probe`, as JSON).
const PHONE_PROBE: &str = r#"<!doctype html>
<html lang="en"><head><title>probe</title></head><body>
FRAMES
<pre id="probe"></pre>
<script>
var results = {};
function describe(element) {
  var name = element.tagName.toLowerCase();
  if (element.id) name += '#' + element.id;
  if (typeof element.className === 'string' && element.className) name += '.' + element.className.split(/\s+/).join('.');
  return name + ' "' + (element.textContent || '').trim().slice(0, 50) + '"';
}
function contained(element, root) {
  for (var parent = element.parentElement; parent && parent !== root && parent.tagName !== 'BODY'; parent = parent.parentElement) {
    if (getComputedStyle(parent).overflowX !== 'visible') return true;
  }
  return false;
}
function measure(frame) {
  var doc = frame.contentDocument, root = doc.documentElement, width = root.clientWidth, wide = [];
  doc.querySelectorAll('body *').forEach(function (element) {
    var box = element.getBoundingClientRect();
    if (box.width > 0 && box.right > width + 1 && !contained(element, root) && wide.length < 8) {
      wide.push(describe(element) + ' ends at ' + Math.round(box.right) + 'px');
    }
  });
  results[frame.dataset.page] = { scrollWidth: root.scrollWidth, clientWidth: width, wide: wide };
  document.getElementById('probe').textContent = JSON.stringify(results);
}
document.querySelectorAll('iframe').forEach(function (frame) {
  frame.addEventListener('load', function () { measure(frame); });
  // A frame can finish loading before this script runs (a slow parse of this page on a busy machine): its load
  // event has then passed, so it is measured now.
  var doc = frame.contentDocument;
  if (doc && doc.readyState === 'complete' && doc.URL !== 'about:blank') measure(frame);
});
</script>
</body></html>
"#;

#[test]
fn no_page_scrolls_sideways_at_a_phones_width() {
    let server = Server::kapi_serve(&[]);
    // The index, the pages with the longest names (apps/v1) and the most rows (core/v1), a custom group's page and
    // the shared types: framing every page at once outlasts chromium's time budget on a loaded machine.
    let pages: Vec<String> =
        ["/docs/", "/docs/apps/v1", "/docs/core/v1", "/docs/stable.example.com/v1", "/docs/common"]
            .map(str::to_owned)
            .to_vec();
    for page in &pages {
        assert_eq!(get(&server, page).0, 200, "{page}");
    }
    let frames: String = pages
        .iter()
        .map(|page| {
            format!(r#"<iframe data-page="{page}" src="{page}" width="{}" height="{}"></iframe>"#, PHONE.0, PHONE.1)
        })
        .collect();
    let port = same_origin_probe(server.port, PHONE_PROBE.replace("FRAMES", &frames));
    let probe = rendered(&format!("http://127.0.0.1:{port}/probe"));
    let report = probe.select(&selector("#probe")).next().map(|element| element.text().collect::<String>());
    let report: serde_json::Value = serde_json::from_str(&report.unwrap_or_default())
        .unwrap_or_else(|error| panic!("the probe reported nothing readable: {error}"));
    let mut problems = Vec::new();
    for page in &pages {
        let measured = &report[page.as_str()];
        let (scroll, client) = (measured["scrollWidth"].as_u64(), measured["clientWidth"].as_u64());
        let (Some(scroll), Some(client)) = (scroll, client) else {
            problems.push(format!("{page}: not measured ({report})"));
            continue;
        };
        if scroll > client {
            problems.push(format!("{page} is {scroll}px wide in a {client}px viewport: {}", measured["wide"]));
        }
    }
    assert!(problems.is_empty(), "at {}px wide:\n{}", PHONE.0, problems.join("\n"));
}

#[test]
fn the_accessibility_check_finds_what_it_looks_for() {
    let broken = Html::parse_document(
        r#"<!doctype html><html><head><title>t</title></head><body>
        <h1>One</h1><h3>Skipped</h3><h1>Two</h1>
        <form id="search-form"><input id="search" name="q" type="text"></form>
        <img src="x.png"><a href="y"></a><p id="a"></p><p id="a"></p>
        </body></html>"#,
    );
    let problems = check_accessibility("/broken", &broken).join("\n");
    for expected in [
        "no lang",
        "viewport",
        "2 <h1>s",
        "<h3> \"Skipped\" follows an <h1>",
        "the search box is",
        "no label",
        "skip link",
        "main#content",
        "nav#groups",
        "image without alt",
        "link without text",
        "id \"a\" used more than once",
    ] {
        assert!(problems.contains(expected), "{expected:?} not reported in:\n{problems}");
    }
}
