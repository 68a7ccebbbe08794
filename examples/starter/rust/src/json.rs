//! A small JSON reader and writer for bots (standard library only).
//!
//! ```
//! let v = kit::json::parse(r#"{"a": [1, 2.5, "x"], "b": null}"#).unwrap();
//! assert_eq!(v["a"][0].int(), 1); // a missing key or index gives Json::Null
//! assert_eq!(v["a"].len(), 3);
//! assert_eq!(kit::json::Json::obj(&[("index", 3.into())]).to_string(), r#"{"index":3}"#);
//! ```
//!
//! It reads all of RFC 8259 (escapes, \u surrogate pairs, exponents) and rejects anything
//! else with an error. Numbers without a fraction or exponent are kept as `i64`.

use std::fmt;
use std::ops::Index;

#[derive(Clone, Debug, Default, PartialEq)]
pub enum Json {
    #[default]
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>), // members in the order read
}

static NULL: Json = Json::Null;

impl Json {
    /// An object from (key, value) pairs.
    pub fn obj(members: &[(&str, Json)]) -> Json {
        Json::Obj(
            members
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
        )
    }
    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }
    /// The number as an integer; panics (with the value) on anything else.
    #[track_caller]
    pub fn int(&self) -> i64 {
        match self {
            Json::Int(i) => *i,
            Json::Float(f) => *f as i64,
            Json::Bool(b) => *b as i64,
            _ => panic!("not a number: {self}"),
        }
    }
    #[track_caller]
    pub fn float(&self) -> f64 {
        match self {
            Json::Float(f) => *f,
            _ => self.int() as f64,
        }
    }
    #[track_caller]
    pub fn bool(&self) -> bool {
        match self {
            Json::Bool(b) => *b,
            _ => panic!("not a boolean: {self}"),
        }
    }
    #[track_caller]
    pub fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            _ => panic!("not a string: {self}"),
        }
    }
    /// An array's elements (empty for anything else).
    pub fn items(&self) -> &[Json] {
        match self {
            Json::Arr(a) => a,
            _ => &[],
        }
    }
    /// A flat list of integers (the observations' per-seat arrays).
    #[track_caller]
    pub fn ints(&self) -> Vec<i64> {
        let mut out = Vec::with_capacity(self.len());
        for v in self.items() {
            out.push(v.int()); // a panic names the caller's line (track_caller)
        }
        out
    }
    pub fn len(&self) -> usize {
        match self {
            Json::Arr(a) => a.len(),
            Json::Obj(o) => o.len(),
            _ => 0,
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(o) => o.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

impl Index<&str> for Json {
    type Output = Json;
    fn index(&self, key: &str) -> &Json {
        self.get(key).unwrap_or(&NULL)
    }
}

impl Index<usize> for Json {
    type Output = Json;
    fn index(&self, i: usize) -> &Json {
        self.items().get(i).unwrap_or(&NULL)
    }
}

impl From<i64> for Json {
    fn from(i: i64) -> Json {
        Json::Int(i)
    }
}

impl From<i32> for Json {
    fn from(i: i32) -> Json {
        Json::Int(i as i64)
    }
}

impl From<usize> for Json {
    fn from(i: usize) -> Json {
        Json::Int(i as i64)
    }
}

impl From<&str> for Json {
    fn from(s: &str) -> Json {
        Json::Str(s.to_string())
    }
}

fn write_str(f: &mut fmt::Formatter, s: &str) -> fmt::Result {
    f.write_str("\"")?;
    for c in s.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            c if (c as u32) < 0x20 => write!(f, "\\u{:04x}", c as u32)?,
            c => write!(f, "{c}")?,
        }
    }
    f.write_str("\"")
}

/// The compact JSON text (`to_string()`).
impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Json::Null => f.write_str("null"),
            Json::Bool(b) => write!(f, "{b}"),
            Json::Int(i) => write!(f, "{i}"),
            Json::Float(x) if x.is_finite() => write!(f, "{x:?}"),
            Json::Float(_) => f.write_str("null"),
            Json::Str(s) => write_str(f, s),
            Json::Arr(a) => {
                f.write_str("[")?;
                for (i, v) in a.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{v}")?;
                }
                f.write_str("]")
            }
            Json::Obj(o) => {
                f.write_str("{")?;
                for (i, (k, v)) in o.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write_str(f, k)?;
                    write!(f, ":{v}")?;
                }
                f.write_str("}")
            }
        }
    }
}

/// Parse one JSON document.
pub fn parse(text: &str) -> Result<Json, String> {
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
    };
    let v = p.value(0)?;
    p.space();
    if p.i != p.s.len() {
        return Err(p.fail("text after the value"));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn fail(&self, what: &str) -> String {
        format!("JSON: {what} at offset {}", self.i)
    }
    fn space(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn eat(&mut self, c: u8) -> bool {
        self.space();
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn word(&mut self, w: &str, v: Json) -> Result<Json, String> {
        if self.s[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            Ok(v)
        } else {
            Err(self.fail("unknown word"))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, String> {
        if depth > 256 {
            return Err(self.fail("nested too deeply"));
        }
        self.space();
        match self.peek() {
            None => Err(self.fail("unexpected end")),
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => Ok(Json::Str(self.string()?)),
            Some(b't') => self.word("true", Json::Bool(true)),
            Some(b'f') => self.word("false", Json::Bool(false)),
            Some(b'n') => self.word("null", Json::Null),
            Some(_) => self.number(),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Json, String> {
        self.i += 1;
        let mut members = Vec::new();
        if self.eat(b'}') {
            return Ok(Json::Obj(members));
        }
        loop {
            self.space();
            if self.peek() != Some(b'"') {
                return Err(self.fail("expected a key"));
            }
            let key = self.string()?;
            if !self.eat(b':') {
                return Err(self.fail("expected ':'"));
            }
            members.push((key, self.value(depth + 1)?));
            if !self.eat(b',') {
                break;
            }
        }
        if !self.eat(b'}') {
            return Err(self.fail("expected ',' or '}'"));
        }
        Ok(Json::Obj(members))
    }

    fn array(&mut self, depth: usize) -> Result<Json, String> {
        self.i += 1;
        let mut items = Vec::new();
        if self.eat(b']') {
            return Ok(Json::Arr(items));
        }
        loop {
            items.push(self.value(depth + 1)?);
            if !self.eat(b',') {
                break;
            }
        }
        if !self.eat(b']') {
            return Err(self.fail("expected ',' or ']'"));
        }
        Ok(Json::Arr(items))
    }

    fn digits(&mut self) -> Result<(), String> {
        if !matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
            return Err(self.fail("expected a digit"));
        }
        while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
            self.i += 1;
        }
        Ok(())
    }

    fn number(&mut self) -> Result<Json, String> {
        let start = self.i;
        let mut integer = true;
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        if self.peek() == Some(b'0')
            && matches!(self.s.get(self.i + 1), Some(c) if c.is_ascii_digit())
        {
            return Err(self.fail("leading zero"));
        }
        self.digits()?;
        if self.peek() == Some(b'.') {
            integer = false;
            self.i += 1;
            self.digits()?;
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            integer = false;
            self.i += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.i += 1;
            }
            self.digits()?;
        }
        let text = std::str::from_utf8(&self.s[start..self.i]).unwrap();
        if integer {
            if let Ok(n) = text.parse::<i64>() {
                return Ok(Json::Int(n));
            }
        }
        text.parse::<f64>()
            .map(Json::Float)
            .map_err(|_| self.fail("bad number"))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self
            .s
            .get(self.i..self.i + 4)
            .ok_or_else(|| self.fail("short \\u escape"))?;
        let text = std::str::from_utf8(digits).map_err(|_| self.fail("bad \\u escape"))?;
        let code = u32::from_str_radix(text, 16).map_err(|_| self.fail("bad \\u escape"))?;
        self.i += 4;
        Ok(code)
    }

    fn string(&mut self) -> Result<String, String> {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            let c = self
                .peek()
                .ok_or_else(|| self.fail("unterminated string"))?;
            self.i += 1;
            match c {
                b'"' => return String::from_utf8(out).map_err(|_| self.fail("invalid UTF-8")),
                0..=0x1f => return Err(self.fail("control character in a string")),
                b'\\' => {
                    let e = self
                        .peek()
                        .ok_or_else(|| self.fail("unterminated string"))?;
                    self.i += 1;
                    let simple = match e {
                        b'"' => Some('"'),
                        b'\\' => Some('\\'),
                        b'/' => Some('/'),
                        b'b' => Some('\u{8}'),
                        b'f' => Some('\u{c}'),
                        b'n' => Some('\n'),
                        b'r' => Some('\r'),
                        b't' => Some('\t'),
                        b'u' => None,
                        _ => return Err(self.fail("bad escape")),
                    };
                    let ch = match simple {
                        Some(ch) => ch,
                        None => self.unicode()?,
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                _ => out.push(c),
            }
        }
    }

    /// The character of a \u escape (after "\u"), a surrogate pair joined; a lone
    /// surrogate becomes U+FFFD.
    fn unicode(&mut self) -> Result<char, String> {
        let mut cp = self.hex4()?;
        if (0xD800..0xDC00).contains(&cp) && self.s[self.i..].starts_with(b"\\u") {
            let back = self.i;
            self.i += 2;
            let low = self.hex4()?;
            if (0xDC00..0xE000).contains(&low) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            } else {
                self.i = back;
            }
        }
        Ok(char::from_u32(cp).unwrap_or('\u{FFFD}'))
    }
}
