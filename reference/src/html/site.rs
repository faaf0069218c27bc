//! What a site is made with besides the reference (its title and logo), and what it is made of (assets by path).

/// How the site presents itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Site {
    /// Shown in the header, the index page's heading and every page's `<title>`.
    pub title: String,
    /// Shown in the header beside the title.
    pub logo: Option<Logo>,
}

impl Default for Site {
    fn default() -> Self {
        Self { title: "API reference".to_owned(), logo: None }
    }
}

/// A logo image: SVG or PNG.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Logo {
    /// `image/svg+xml` or `image/png`.
    pub media_type: String,
    pub bytes: Vec<u8>,
}

/// The eight bytes every PNG file starts with.
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

impl Logo {
    /// A logo from a file's bytes, recognised by content (PNG's signature, or SVG markup); anything else is
    /// refused with a reason.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Self, String> {
        if bytes.starts_with(PNG_SIGNATURE) {
            return Ok(Self { media_type: "image/png".to_owned(), bytes });
        }
        let text = std::str::from_utf8(&bytes).map_err(|_| "not an SVG or PNG image".to_owned())?;
        let start = text.trim_start_matches('\u{feff}').trim_start();
        if (start.starts_with("<?xml") || start.starts_with("<svg") || start.starts_with("<!--"))
            && text.contains("<svg")
        {
            return Ok(Self { media_type: "image/svg+xml".to_owned(), bytes });
        }
        Err("not an SVG or PNG image".to_owned())
    }

    /// The file extension its media type implies (`svg`, `png`).
    pub fn extension(&self) -> &'static str {
        if self.media_type == "image/png" { "png" } else { "svg" }
    }

    /// Its path in the site: `_assets/logo.svg` or `_assets/logo.png`.
    pub fn path(&self) -> String {
        format!("_assets/logo.{}", self.extension())
    }
}

/// One file of the site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asset {
    /// The `Content-Type` to serve it with.
    pub media_type: String,
    pub bytes: Vec<u8>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logos_are_recognised_by_content() {
        let svg = Logo::from_bytes(b"<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec());
        assert_eq!(svg.map(|logo| logo.path()), Ok("_assets/logo.svg".to_owned()));
        let png = Logo::from_bytes([PNG_SIGNATURE, b"rest"].concat()).map(|logo| logo.path());
        assert_eq!(png, Ok("_assets/logo.png".to_owned()));
        assert!(Logo::from_bytes(b"GIF89a".to_vec()).is_err());
        assert!(Logo::from_bytes(b"<html></html>".to_vec()).is_err());
    }
}
