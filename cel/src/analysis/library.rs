//! Costs of the Kubernetes CEL libraries' functions (k8s.io/apiserver `pkg/cel/library/cost.go`) and of cel-go's
//! sets extension, which the checker asks before its own estimates. They size values the library's way: a value
//! with no estimate is unbounded, scalar or not.

use cel::common::ast::{Expr, LiteralValue};

use super::calls::{Call, Outcome};
use super::origin::{Origin, Step};
use super::size::{REGEX_LENGTH, STRING_TRAVERSAL, Size, scale};
use super::ty::Ty;
use super::{Analyzer, Estimate};

/// The longest regular expression behind a named format of the `format` library (`MaxNameFormatRegexSize`):
/// `validate` costs as a match against one that long.
const MAX_NAME_FORMAT_REGEX_SIZE: f64 = 128.0;
/// The longest format name (`MaxFormatSize`): comparing two formats walks one that long.
const MAX_FORMAT_SIZE: u64 = 64;
/// An IP address is 4 or 16 bytes: comparing two walks both.
const IP_BYTES: Size = Size { min: 4, max: 16 };

impl<'s> Analyzer<'s> {
    /// The library's estimate for `call`, when it has one.
    pub(super) fn library(&mut self, call: &Call<'_, 's>) -> Option<Outcome<'s>> {
        let args = call.args;
        let receiver = call.target;
        let first = args.first();
        let outcome = match call.name {
            "sets.contains" | "sets.intersects" => self.sets(args, 1.0)?,
            "sets.equivalent" => self.sets(args, 2.0)?,
            "isSorted" | "sum" | "max" | "min" | "indexOf" | "lastIndexOf" => self.list_walk(call.name, receiver?),
            "url" | "jsonpatch.escapeKey" if args.len() == 1 => {
                let size = self.library_size(first?);
                let ty = if call.name == "url" { Ty::Library("URL") } else { Ty::String };
                Outcome::sized(size.cost(STRING_TRAVERSAL), ty, size)
            }
            "lowerAscii" | "upperAscii" | "substring" | "trim" => {
                let size = self.library_size(receiver?);
                Outcome::sized(size.cost(STRING_TRAVERSAL), Ty::String, size)
            }
            "replace" if args.len() >= 2 => self.replace(receiver?, &args[0], &args[1]),
            "split" => self.split(receiver?, call),
            "join" => self.join(receiver?, first),
            "find" | "findAll" => {
                let size = self.library_size(receiver?);
                let text = size.add(Size::exactly(1)).cost(STRING_TRAVERSAL);
                let cost = text.saturating_mul(self.library_size(first?).cost(REGEX_LENGTH));
                let ty = if call.name == "find" { Ty::String } else { Ty::List(Box::new(Ty::String)) };
                Outcome::sized(cost, ty, Size::up_to(size.max))
            }
            "cidr" | "isIP" | "isCIDR" | "quantity" | "isQuantity" => {
                let ty = match call.name {
                    "cidr" => Ty::Library("CIDR"),
                    "quantity" => Ty::Library("Quantity"),
                    _ => Ty::Bool,
                };
                Outcome::new(self.library_size(first?).cost(STRING_TRAVERSAL), ty)
            }
            // `ip(string)` parses; `cidr.ip()` reads a field.
            "ip" => match first {
                Some(text) => Outcome::new(self.library_size(text).cost(STRING_TRAVERSAL), Ty::Library("IP")),
                None => Outcome::new(1, Ty::Library("IP")),
            },
            "ip.isCanonical" => Outcome::new(self.library_size(first?).cost(2.0 * STRING_TRAVERSAL), Ty::Bool),
            "containsIP" | "containsCIDR" => self.contains_address(call.name, first?),
            "validate" => {
                let walked = self.library_size(first?).cost(STRING_TRAVERSAL);
                Outcome::new(scale(walked, MAX_NAME_FORMAT_REGEX_SIZE * REGEX_LENGTH), Ty::Optional(Box::new(Ty::Dyn)))
            }
            "format.named" => Outcome::new(1, Ty::Optional(Box::new(Ty::Library("Format")))),
            name if name.starts_with("format.") => Outcome::new(1, Ty::Library("Format")),
            "_==_" => self.library_equality(args)?,
            // Accessors and the like cost 1, as any call the estimators do not know.
            _ => return None,
        };
        Some(outcome)
    }

    /// `sets.contains(a, b)` and its kin compare every element of one list with every element of the other.
    fn sets(&mut self, args: &[Estimate<'s>], factor: f64) -> Option<Outcome<'s>> {
        let [left, right] = args else { return None };
        let pairs = self.library_size(left).multiply(self.library_size(right));
        Some(Outcome::new(pairs.cost(factor).saturating_add(1), Ty::Bool))
    }

    /// `isSorted`, `sum`, `min`, `max`, `indexOf`, `lastIndexOf`: one comparison per element of a list (walking
    /// each string), or a walk of a string.
    fn list_walk(&mut self, name: &str, receiver: &Estimate<'s>) -> Outcome<'s> {
        let ty = match name {
            "isSorted" => Ty::Bool,
            "indexOf" | "lastIndexOf" => Ty::Int,
            _ => match &receiver.ty {
                Ty::List(item) => (**item).clone(),
                _ => Ty::Dyn,
            },
        };
        let Ty::List(item) = &receiver.ty else {
            return Outcome::new(self.library_size(receiver).cost(STRING_TRAVERSAL), ty);
        };
        let mut per_element = 1u64;
        if item.is_text() {
            let element = Estimate::new((**item).clone(), 0, self.element_origin(receiver));
            per_element = per_element.saturating_add(self.library_size(&element).cost(STRING_TRAVERSAL));
        }
        Outcome::new(self.library_size(receiver).max.saturating_mul(per_element), ty)
    }

    /// Where the library sizes a list's elements from: the list's path one step further, or nowhere when the list
    /// has no path.
    fn element_origin(&self, list: &Estimate<'s>) -> Origin<'s> {
        match &list.origin {
            Origin::Node(_) => list.origin.step(Step::Items, &self.root),
            _ => Origin::Nowhere,
        }
    }

    /// `s.replace(old, new)`: walked and rebuilt; the result as long as replacing the shortest matches by the
    /// longest replacement as many times as they fit.
    fn replace(&mut self, receiver: &Estimate<'s>, old: &Estimate<'s>, new: &Estimate<'s>) -> Outcome<'s> {
        let size = self.library_size(receiver);
        let (old, new) = (self.library_size(old), self.library_size(new));
        let (most_replaced, most_kept) = if old.min == 0 {
            (if size.max < u64::MAX { size.max + 1 } else { size.max }, size.max)
        } else if new.max <= old.min {
            (0, size.max)
        } else {
            ((size.max as f64 / old.min as f64).ceil() as u64, 0)
        };
        let (fewest_replaced, fewest_kept) = if old.max == 0 {
            (if size.min < u64::MAX { size.min + 1 } else { size.min }, size.min)
        } else if old.max <= new.min {
            (0, size.min)
        } else {
            ((size.min as f64 / old.max as f64).ceil() as u64, 0)
        };
        let replaced = Size { min: fewest_replaced, max: most_replaced };
        let kept = Size { min: fewest_kept, max: most_kept };
        Outcome::sized(size.cost(2.0 * STRING_TRAVERSAL), Ty::String, replaced.multiply(new).add(kept))
    }

    /// `s.split(separator)`: walked and rebuilt; at most one element per byte, or as many as a literal limit says.
    fn split(&mut self, receiver: &Estimate<'s>, call: &Call<'_, 's>) -> Outcome<'s> {
        let size = self.library_size(receiver);
        let limit = match call.written.args.get(1).map(|arg| &arg.expr) {
            // A negative limit (no limit) reads as a huge one, as the server converts it.
            Some(Expr::Literal(LiteralValue::Int(limit))) => *limit.inner() as u64,
            _ => size.max,
        };
        Outcome::sized(size.cost(2.0 * STRING_TRAVERSAL), Ty::List(Box::new(Ty::String)), Size::up_to(limit))
    }

    /// `list.join(separator)`: the result holds every element and a separator between two.
    fn join(&mut self, receiver: &Estimate<'s>, separator: Option<&Estimate<'s>>) -> Outcome<'s> {
        let length = self.library_size(receiver);
        let mut size = Size::exactly(0);
        if let Ty::List(item) = &receiver.ty {
            let element = Estimate::new((**item).clone(), 0, self.element_origin(receiver));
            size = length.multiply(self.library_size(&element));
        }
        if let Some(separator) = separator {
            let separators = Size { min: length.min.saturating_sub(1), max: length.max.saturating_sub(1) };
            size = size.add(self.library_size(separator).multiply(separators));
        }
        Outcome::sized(size.cost(STRING_TRAVERSAL), Ty::String, size)
    }

    /// `cidr.containsIP(ip)`, `cidr.containsCIDR(cidr)`: comparing addresses; a string argument is parsed first.
    fn contains_address(&mut self, name: &str, argument: &Estimate<'s>) -> Outcome<'s> {
        let mut cost = IP_BYTES.add(IP_BYTES).cost(STRING_TRAVERSAL);
        if name == "containsCIDR" {
            cost += IP_BYTES.cost(STRING_TRAVERSAL) + 1;
        }
        if matches!(argument.ty, Ty::String | Ty::Dyn) {
            cost = cost.saturating_add(self.library_size(argument).cost(STRING_TRAVERSAL));
        }
        Outcome::new(cost, Ty::Bool)
    }

    /// `==` between two values of one library type: constant, but for formats and URLs.
    fn library_equality(&mut self, args: &[Estimate<'s>]) -> Option<Outcome<'s>> {
        let [Estimate { ty: Ty::Library(left), .. }, right @ Estimate { ty: Ty::Library(other), .. }] = args else {
            return None;
        };
        if left != other {
            return None;
        }
        let cost = match *left {
            "Format" => Size::up_to(MAX_FORMAT_SIZE).cost(STRING_TRAVERSAL),
            // The server sizes both sides by the right one's size, when it is known.
            "URL" => match right.origin {
                Origin::Built(Some(size)) => Size::up_to(size.max).cost(STRING_TRAVERSAL),
                _ => Size::exactly(1).cost(STRING_TRAVERSAL),
            },
            _ => 1,
        };
        Some(Outcome::new(cost, Ty::Bool))
    }
}
