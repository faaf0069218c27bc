//! IP addresses and prefixes as Go's `net/netip` parses and prints them, with the restrictions Kubernetes' `ip` and
//! `cidr` libraries add (no zone, no IPv4-mapped IPv6 address).

use std::net::{IpAddr, Ipv6Addr};

/// Why `netip.ParseAddr` refuses `text`, worded as Go words it, for the kinds it tells apart.
fn parse_addr_problem(text: &str) -> String {
    let quote = |s: &str| format!("{s:?}");
    let with_at = |message: &str, at: &str| format!("ParseAddr({}): {message} (at {})", quote(text), quote(at));
    let plain = |message: &str| format!("ParseAddr({}): {message}", quote(text));
    match text.bytes().find(|b| matches!(b, b'.' | b':' | b'%')) {
        Some(b'.') => {
            let (mut value, mut digits, mut fields) = (0u32, 0, 0);
            for (index, b) in text.bytes().enumerate() {
                match b {
                    b'0'..=b'9' => {
                        if digits == 1 && value == 0 {
                            return plain("IPv4 field has octet with leading zero");
                        }
                        value = value * 10 + u32::from(b - b'0');
                        digits += 1;
                        if value > 255 {
                            return plain("IPv4 field has value >255");
                        }
                    }
                    b'.' => {
                        if index == 0 || index == text.len() - 1 || text.as_bytes()[index - 1] == b'.' {
                            return with_at("IPv4 field must have at least one digit", &text[index..]);
                        }
                        if fields == 3 {
                            return plain("IPv4 address too long");
                        }
                        fields += 1;
                        value = 0;
                        digits = 0;
                    }
                    _ => return with_at("unexpected character", &text[index..]),
                }
            }
            if fields < 3 { plain("IPv4 address too short") } else { plain("unable to parse IP") }
        }
        Some(b'%') => plain("missing IPv6 address"),
        _ => plain("unable to parse IP"),
    }
}

/// Parses an IP address: dotted IPv4 (no leading zeros) or IPv6, without a zone.
pub(crate) fn parse_ip(text: &str) -> Result<IpAddr, String> {
    let conversion = |_: &str| {
        format!("IP Address {text:?} parse error during conversion from string: {}", parse_addr_problem(text))
    };
    if text.contains('%') && text.contains(':') {
        let (address, zone) = text.split_once('%').unwrap_or((text, ""));
        if zone.is_empty() || address.parse::<Ipv6Addr>().is_err() {
            return Err(conversion("invalid zone or address"));
        }
        return Err(format!("IP address {text:?} with zone value is not allowed"));
    }
    let address: IpAddr = text.parse().map_err(|_| conversion("unable to parse IP"))?;
    if let IpAddr::V6(v6) = address
        && v6.to_ipv4_mapped().is_some()
    {
        return Err(format!("IPv4-mapped IPv6 address {text:?} is not allowed"));
    }
    Ok(address)
}

/// An address and a prefix length, the address kept as written (not masked).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Prefix {
    pub(crate) address: IpAddr,
    pub(crate) bits: u8,
}

/// Parses `address/bits` as `netip.ParsePrefix` does.
pub(crate) fn parse_prefix(text: &str) -> Result<Prefix, String> {
    let conversion = |reason: String| {
        format!("network address parse error during conversion from string: netip.ParsePrefix({text:?}): {reason}")
    };
    let (address, bits) = text.rsplit_once('/').ok_or_else(|| conversion("no '/'".to_owned()))?;
    if address.contains('%') {
        return Err(conversion("IPv6 zones cannot be present in a prefix".to_owned()));
    }
    let address: IpAddr =
        address.parse().map_err(|_| conversion(format!("ParseAddr({address:?}): unable to parse IP")))?;
    let digits_only = !bits.is_empty() && bits.bytes().all(|b| b.is_ascii_digit());
    let leading_zero = bits.len() > 1 && bits.starts_with('0');
    let bits: u8 = match bits.parse() {
        Ok(bits) if digits_only && !leading_zero => bits,
        _ => return Err(conversion(format!("bad bits after slash: {bits:?}"))),
    };
    if bits > max_bits(address) {
        return Err(conversion("prefix length out of range".to_owned()));
    }
    if let IpAddr::V6(v6) = address
        && v6.to_ipv4_mapped().is_some()
    {
        return Err(format!("IPv4-mapped IPv6 address {text:?} is not allowed"));
    }
    Ok(Prefix { address, bits })
}

pub(crate) fn max_bits(address: IpAddr) -> u8 {
    if address.is_ipv4() { 32 } else { 128 }
}

fn as_u128(address: IpAddr) -> u128 {
    match address {
        IpAddr::V4(v4) => u128::from(u32::from(v4)),
        IpAddr::V6(v6) => u128::from(v6),
    }
}

fn from_u128(template: IpAddr, value: u128) -> IpAddr {
    match template {
        IpAddr::V4(_) => IpAddr::V4((value as u32).into()),
        IpAddr::V6(_) => IpAddr::V6(value.into()),
    }
}

impl Prefix {
    /// The prefix with the host bits of its address cleared.
    pub(crate) fn masked(&self) -> Prefix {
        let width = u32::from(max_bits(self.address));
        let host_bits = width - u32::from(self.bits);
        let value = as_u128(self.address);
        let cleared = if host_bits >= 128 { 0 } else { value >> host_bits << host_bits };
        Prefix { address: from_u128(self.address, cleared), bits: self.bits }
    }

    /// Whether `address` (of the same family) lies in the prefix.
    pub(crate) fn contains(&self, address: IpAddr) -> bool {
        if address.is_ipv4() != self.address.is_ipv4() {
            return false;
        }
        Prefix { address, bits: self.bits }.masked().address == self.masked().address
    }
}

impl std::fmt::Display for Prefix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.address, self.bits)
    }
}

/// `IsLinkLocalMulticast`: 224.0.0.0/24, or ff02::/16 with any flags.
pub(crate) fn is_link_local_multicast(address: IpAddr) -> bool {
    match address {
        IpAddr::V4(v4) => v4.octets()[..3] == [224, 0, 0],
        IpAddr::V6(v6) => v6.segments()[0] & 0xffcf == 0xff02,
    }
}

/// `IsLinkLocalUnicast`: 169.254.0.0/16 or fe80::/10.
pub(crate) fn is_link_local_unicast(address: IpAddr) -> bool {
    match address {
        IpAddr::V4(v4) => v4.octets()[..2] == [169, 254],
        IpAddr::V6(v6) => v6.segments()[0] & 0xffc0 == 0xfe80,
    }
}

/// `IsGlobalUnicast`: anything but unspecified, loopback, multicast, link-local unicast and the IPv4 broadcast.
pub(crate) fn is_global_unicast(address: IpAddr) -> bool {
    let broadcast = matches!(address, IpAddr::V4(v4) if v4.is_broadcast());
    !(broadcast
        || address.is_unspecified()
        || address.is_loopback()
        || address.is_multicast()
        || is_link_local_unicast(address))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> String {
        parse_ip(text).err().unwrap_or_else(|| panic!("{text} parses"))
    }

    #[test]
    fn addresses_parse_as_go_parses_them() {
        assert!(parse_ip("10.0.0.1").is_ok());
        assert!(parse_ip("2001:db8::1").is_ok());
        assert!(parse_ip("010.0.0.1").is_err());
        assert!(parse_ip("1.2.3").is_err());
        assert!(problem("::ffff:1.2.3.4").contains("IPv4-mapped"));
        assert!(problem("1.2.3").ends_with("IPv4 address too short"));
        assert!(problem("1.2.3.256").ends_with("IPv4 field has value >255"));
        assert!(problem("1..2.3").ends_with(r#"IPv4 field must have at least one digit (at ".2.3")"#));
        assert!(problem("fe80::1%eth0").contains("zone"));
    }

    #[test]
    fn prefixes_mask_and_contain() {
        let prefix = parse_prefix("10.1.2.3/8").expect("parses");
        assert_eq!(prefix.to_string(), "10.1.2.3/8");
        assert_eq!(prefix.masked().to_string(), "10.0.0.0/8");
        assert!(prefix.contains("10.255.0.1".parse().expect("ip")));
        assert!(!prefix.contains("11.0.0.1".parse().expect("ip")));
        assert!(!prefix.contains("::1".parse().expect("ip")));
        assert_eq!(parse_prefix("::/0").expect("parses").masked().to_string(), "::/0");
        assert!(parse_prefix("10.0.0.0/33").is_err());
        assert!(parse_prefix("10.0.0.0/08").is_err());
        assert!(parse_prefix("10.0.0.0").is_err());
    }

    #[test]
    fn address_classes() {
        let ip = |text: &str| text.parse::<IpAddr>().expect("ip");
        assert!(is_link_local_multicast(ip("224.0.0.251")));
        assert!(is_link_local_multicast(ip("ff02::1")));
        assert!(is_link_local_unicast(ip("fe80::1")));
        assert!(is_global_unicast(ip("10.0.0.1")));
        assert!(!is_global_unicast(ip("255.255.255.255")));
        assert!(!is_global_unicast(ip("169.254.1.1")));
    }
}
