//! Kubernetes' `url` library: `url()`, `isURL` and the getters, on URLs parsed as Go's `net/url` parses them
//! (`url()` and `isURL` accept what `url.ParseRequestURI` accepts: an absolute URL or an absolute path; the getters
//! read what `url.Parse` makes of it).

use cel::common::types::{STRING_TYPE, Type};
use cel::objects::Opaque;
use cel::{DeclarationError, Env, ExecutionError, Value};

use super::args::{error, opaque, overload, string, string_map, strings, wrap};

/// The CEL type of a URL.
pub(crate) const TYPE_NAME: &str = "kubernetes.URL";

/// A parsed URL: the parts Go's `url.URL` keeps.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Url {
    scheme: String,
    opaque: String,
    user: Option<String>,
    host: String,
    path: String,
    raw_path: String,
    force_query: bool,
    raw_query: String,
    fragment: String,
}

impl Opaque for Url {
    fn runtime_type_name(&self) -> &str {
        TYPE_NAME
    }
}

/// How a part of a URL is escaped, as in Go's `net/url`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Path,
    Host,
    Zone,
    UserPassword,
    QueryComponent,
    Fragment,
}

/// `url.ParseRequestURI`.
pub(crate) fn parse_request_uri(raw: &str) -> Result<Url, String> {
    parse(raw, true).map_err(|problem| format!("parse {raw:?}: {problem}"))
}

/// `url.Parse`: the fragment split off first.
fn parse_with_fragment(raw: &str) -> Result<Url, String> {
    let wrap_error = |problem: String| format!("parse {raw:?}: {problem}");
    let (rest, fragment) = raw.split_once('#').unwrap_or((raw, ""));
    let mut url = parse(rest, false).map_err(wrap_error)?;
    url.fragment = unescape(fragment, Mode::Fragment).map_err(wrap_error)?;
    Ok(url)
}

fn parse(raw: &str, via_request: bool) -> Result<Url, String> {
    if raw.bytes().any(|b| b < 0x20 || b == 0x7f) {
        return Err("net/url: invalid control character in URL".to_owned());
    }
    if raw.is_empty() && via_request {
        return Err("empty url".to_owned());
    }
    let mut url = Url::default();
    if raw == "*" {
        url.path = "*".to_owned();
        return Ok(url);
    }
    let (scheme, rest) = split_scheme(raw)?;
    url.scheme = scheme.to_ascii_lowercase();
    let mut rest = rest;
    if rest.ends_with('?') && rest.matches('?').count() == 1 {
        url.force_query = true;
        rest = &rest[..rest.len() - 1];
    } else if let Some((before, query)) = rest.split_once('?') {
        url.raw_query = query.to_owned();
        rest = before;
    }
    if !rest.starts_with('/') {
        if !url.scheme.is_empty() {
            url.opaque = rest.to_owned();
            return Ok(url);
        }
        if via_request {
            return Err("invalid URI for request".to_owned());
        }
        let segment = rest.split('/').next().unwrap_or("");
        if segment.contains(':') {
            return Err("first path segment in URL cannot contain colon".to_owned());
        }
    }
    if (!url.scheme.is_empty() || !via_request && !rest.starts_with("///")) && rest.starts_with("//") {
        let authority_and_path = &rest[2..];
        let (authority, path) = match authority_and_path.find('/') {
            Some(slash) => authority_and_path.split_at(slash),
            None => (authority_and_path, ""),
        };
        let (user, host) = parse_authority(authority)?;
        url.user = user;
        url.host = host;
        rest = path;
    }
    url.path = unescape(rest, Mode::Path)?;
    if escape(&url.path, Mode::Path) != rest {
        url.raw_path = rest.to_owned();
    }
    Ok(url)
}

/// The scheme (letters, then letters, digits, `+`, `-`, `.`) before a `:`, and the rest; none if there is no such
/// prefix.
fn split_scheme(raw: &str) -> Result<(&str, &str), String> {
    for (index, c) in raw.char_indices() {
        match c {
            'a'..='z' | 'A'..='Z' => {}
            '0'..='9' | '+' | '-' | '.' if index > 0 => {}
            ':' if index == 0 => return Err("missing protocol scheme".to_owned()),
            ':' => return Ok((&raw[..index], &raw[index + 1..])),
            _ => return Ok(("", raw)),
        }
    }
    Ok(("", raw))
}

fn parse_authority(authority: &str) -> Result<(Option<String>, String), String> {
    let Some(at) = authority.rfind('@') else { return Ok((None, parse_host(authority)?)) };
    let host = parse_host(&authority[at + 1..])?;
    let userinfo = &authority[..at];
    let valid =
        userinfo.chars().all(|c| c.is_ascii_alphanumeric() || "-._:~!$&'()*+,;=%@".contains(c) || !c.is_ascii());
    if !valid {
        return Err("net/url: invalid userinfo".to_owned());
    }
    Ok((Some(unescape(userinfo, Mode::UserPassword)?), host))
}

fn parse_host(host: &str) -> Result<String, String> {
    if host.starts_with('[') {
        let close = host.rfind(']').ok_or_else(|| "missing ']' in host".to_owned())?;
        let port = &host[close + 1..];
        if !valid_optional_port(port) {
            return Err(format!("invalid port {port:?} after host"));
        }
        if let Some(zone) = host[..close].find("%25") {
            let address = unescape(&host[..zone], Mode::Host)?;
            let zone_part = unescape(&host[zone..close], Mode::Zone)?;
            let tail = unescape(&host[close..], Mode::Host)?;
            return Ok(address + &zone_part + &tail);
        }
    } else if let Some(colon) = host.rfind(':') {
        let port = &host[colon..];
        if !valid_optional_port(port) {
            return Err(format!("invalid port {port:?} after host"));
        }
    }
    unescape(host, Mode::Host)
}

fn valid_optional_port(port: &str) -> bool {
    port.is_empty() || port.starts_with(':') && port[1..].bytes().all(|b| b.is_ascii_digit())
}

fn should_escape(c: u8, mode: Mode) -> bool {
    if c.is_ascii_alphanumeric() {
        return false;
    }
    if matches!(mode, Mode::Host | Mode::Zone) && b"!$&'()*+,;=:[]<>\"".contains(&c) {
        return false;
    }
    match c {
        b'-' | b'_' | b'.' | b'~' => return false,
        b'$' | b'&' | b'+' | b',' | b'/' | b':' | b';' | b'=' | b'?' | b'@' => {
            return match mode {
                Mode::Path => c == b'?',
                Mode::UserPassword => matches!(c, b'@' | b'/' | b'?' | b':'),
                Mode::QueryComponent => true,
                Mode::Fragment => false,
                Mode::Host | Mode::Zone => true,
            };
        }
        _ => {}
    }
    !(mode == Mode::Fragment && matches!(c, b'!' | b'(' | b')' | b'*'))
}

/// Decodes `%XX` escapes (and `+` in a query component), refusing what Go refuses.
fn unescape(text: &str, mode: Mode) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = |b: u8| char::from(b).to_digit(16);
                let (Some(high), Some(low)) =
                    (bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex))
                else {
                    let bad: String = text[i..].chars().take(3).collect();
                    return Err(format!("invalid URL escape {bad:?}"));
                };
                if mode == Mode::Host && high < 8 && &text[i..i + 3] != "%25" {
                    return Err(format!("invalid URL escape {:?}", &text[i..i + 3]));
                }
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            b'+' if mode == Mode::QueryComponent => {
                out.push(b' ');
                i += 1;
            }
            c => {
                if matches!(mode, Mode::Host | Mode::Zone) && c < 0x80 && should_escape(c, mode) {
                    return Err(format!("invalid character {:?} in host name", char::from(c).to_string()));
                }
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

fn escape(text: &str, mode: Mode) -> String {
    let mut out = String::with_capacity(text.len());
    for &c in text.as_bytes() {
        if should_escape(c, mode) {
            out.push_str(&format!("%{c:02X}"));
        } else {
            out.push(char::from(c));
        }
    }
    out
}

fn valid_encoded(text: &str, mode: Mode) -> bool {
    text.bytes().all(|c| b"!$&'()*+,;=:@[]%".contains(&c) || !should_escape(c, mode))
}

impl Url {
    fn escaped_path(&self) -> String {
        if !self.raw_path.is_empty()
            && valid_encoded(&self.raw_path, Mode::Path)
            && unescape(&self.raw_path, Mode::Path).is_ok_and(|path| path == self.path)
        {
            return self.raw_path.clone();
        }
        if self.path == "*" {
            return "*".to_owned();
        }
        escape(&self.path, Mode::Path)
    }

    /// The host and port, split as `url.URL.Hostname` and `Port` split them.
    fn host_and_port(&self) -> (&str, &str) {
        let mut host = self.host.as_str();
        let mut port = "";
        if let Some(colon) = host.rfind(':')
            && valid_optional_port(&host[colon..])
        {
            port = &host[colon + 1..];
            host = &host[..colon];
        }
        if host.starts_with('[') && host.ends_with(']') && host.len() >= 2 {
            host = &host[1..host.len() - 1];
        }
        (host, port)
    }

    /// `url.URL.Query`: the parameters in order of first appearance, malformed pairs skipped.
    fn query(&self) -> Vec<(String, Vec<String>)> {
        let mut parameters: Vec<(String, Vec<String>)> = Vec::new();
        for pair in self.raw_query.split('&') {
            if pair.is_empty() || pair.contains(';') {
                continue;
            }
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let (Ok(key), Ok(value)) = (unescape(key, Mode::QueryComponent), unescape(value, Mode::QueryComponent))
            else {
                continue;
            };
            match parameters.iter_mut().find(|(existing, _)| *existing == key) {
                Some((_, values)) => values.push(value),
                None => parameters.push((key, vec![value])),
            }
        }
        parameters
    }
}

pub(super) fn register(env: &mut Env) -> Result<(), DeclarationError> {
    let url = || Type::new_opaque_type(TYPE_NAME);
    env.add_overload("url", "string_to_url", vec![STRING_TYPE], overload!(to_url))?;
    env.add_overload("isURL", "is_url_string", vec![STRING_TYPE], overload!(is_url))?;
    let getters: [(&str, &str, cel::common::functions::Function); 6] = [
        ("getScheme", "url_get_scheme", overload!(get_scheme)),
        ("getHost", "url_get_host", overload!(get_host)),
        ("getHostname", "url_get_hostname", overload!(get_hostname)),
        ("getPort", "url_get_port", overload!(get_port)),
        ("getEscapedPath", "url_get_escaped_path", overload!(get_escaped_path)),
        ("getQuery", "url_get_query", overload!(get_query)),
    ];
    for (name, id, function) in getters {
        env.add_member_overload(name, id, url(), vec![], function)?;
    }
    Ok(())
}

fn to_url(args: &[Value]) -> Result<Value, ExecutionError> {
    let text = string("url", args, 0)?;
    let conversion =
        |problem: String| error("url", format!("URL parse error during conversion from string: {problem}"));
    parse_request_uri(text).map_err(conversion)?;
    Ok(wrap(parse_with_fragment(text).map_err(conversion)?))
}

fn is_url(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::Bool(parse_request_uri(string("isURL", args, 0)?).is_ok()))
}

fn this<'a>(function: &str, args: &'a [Value]) -> Result<&'a Url, ExecutionError> {
    opaque::<Url>(function, args, 0)
}

fn get_scheme(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::from(this("getScheme", args)?.scheme.clone()))
}

fn get_host(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::from(this("getHost", args)?.host.clone()))
}

fn get_hostname(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::from(this("getHostname", args)?.host_and_port().0))
}

fn get_port(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::from(this("getPort", args)?.host_and_port().1))
}

fn get_escaped_path(args: &[Value]) -> Result<Value, ExecutionError> {
    Ok(Value::from(this("getEscapedPath", args)?.escaped_path()))
}

fn get_query(args: &[Value]) -> Result<Value, ExecutionError> {
    let query = this("getQuery", args)?.query();
    Ok(string_map(query.into_iter().map(|(key, values)| (key, strings(values)))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_uris_must_be_absolute() {
        assert!(parse_request_uri("https://example.com/a?b=c").is_ok());
        assert!(parse_request_uri("/absolute/path").is_ok());
        assert_eq!(parse_request_uri("relative"), Err(r#"parse "relative": invalid URI for request"#.to_owned()));
        assert!(parse_request_uri("").is_err());
        assert!(parse_request_uri("https://exa mple.com").is_err());
        assert!(parse_request_uri("https://example.com:port").is_err());
    }

    #[test]
    fn getters_read_the_parts() {
        let url = parse_with_fragment("https://user@[::1]:8443/a%2Fb c?x=1&x=2&y=a+b#frag").expect("parses");
        assert_eq!(url.scheme, "https");
        assert_eq!(url.host, "[::1]:8443");
        assert_eq!(url.host_and_port(), ("::1", "8443"));
        assert_eq!(url.escaped_path(), "/a/b%20c");
        let query = url.query();
        assert_eq!(query[0], ("x".to_owned(), vec!["1".to_owned(), "2".to_owned()]));
        assert_eq!(query[1], ("y".to_owned(), vec!["a b".to_owned()]));
    }
}
