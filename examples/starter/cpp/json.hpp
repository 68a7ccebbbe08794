// A small JSON reader and writer for bots (C++17, standard library only).
//
//   json::Value v = json::parse(R"({"a": [1, 2.5, "x"], "b": null})");
//   v["a"][0].as_int();         // 1; a missing key or index gives a null Value
//   v["a"].size();              // 3
//   json::Value answer = json::Value::object({{"index", 3}});
//   answer.dump();              // {"index":3}
//
// It reads all of RFC 8259 (escapes, \u surrogate pairs, exponents) and rejects anything
// else with json::Error. Numbers without a fraction or exponent are kept as 64-bit integers.
#pragma once

#include <charconv>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace json {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Value {
 public:
  enum class Type { Null, Bool, Int, Double, String, Array, Object };
  using Array = std::vector<Value>;
  using Object = std::vector<std::pair<std::string, Value>>;  // keys in the order read

  Value() = default;
  Value(std::nullptr_t) {}
  Value(bool b) : type_(Type::Bool), int_(b) {}
  Value(int i) : type_(Type::Int), int_(i) {}
  Value(int64_t i) : type_(Type::Int), int_(i) {}
  Value(double d) : type_(Type::Double), double_(d) {}
  Value(const char* s) : type_(Type::String), string_(s) {}
  Value(std::string s) : type_(Type::String), string_(std::move(s)) {}
  static Value array(Array items = {}) {
    Value v;
    v.type_ = Type::Array;
    v.array_ = std::move(items);
    return v;
  }
  static Value object(Object members = {}) {
    Value v;
    v.type_ = Type::Object;
    v.object_ = std::move(members);
    return v;
  }

  Type type() const { return type_; }
  bool is_null() const { return type_ == Type::Null; }
  bool is_number() const { return type_ == Type::Int || type_ == Type::Double; }
  bool is_string() const { return type_ == Type::String; }
  bool is_array() const { return type_ == Type::Array; }
  bool is_object() const { return type_ == Type::Object; }

  int64_t as_int() const {
    if (type_ == Type::Double) return static_cast<int64_t>(double_);
    if (type_ != Type::Int && type_ != Type::Bool) throw Error("not a number: " + dump());
    return int_;
  }
  double as_double() const {
    return type_ == Type::Double ? double_ : static_cast<double>(as_int());
  }
  bool as_bool() const {
    if (type_ != Type::Bool) throw Error("not a boolean: " + dump());
    return int_ != 0;
  }
  const std::string& as_string() const {
    if (type_ != Type::String) throw Error("not a string: " + dump());
    return string_;
  }
  const Array& items() const {  // an array's elements (empty for anything else)
    static const Array none;
    return type_ == Type::Array ? array_ : none;
  }
  const Object& members() const {  // an object's members (empty for anything else)
    static const Object none;
    return type_ == Type::Object ? object_ : none;
  }
  size_t size() const { return type_ == Type::Array ? array_.size() : object_.size(); }

  // An array element or an object member; null when it is not there.
  const Value& operator[](size_t i) const {
    return type_ == Type::Array && i < array_.size() ? array_[i] : null_value();
  }
  const Value& operator[](int i) const {
    return i < 0 ? null_value() : (*this)[static_cast<size_t>(i)];
  }
  const Value& operator[](const std::string& key) const {
    for (const auto& [k, v] : members())
      if (k == key) return v;
    return null_value();
  }
  const Value& operator[](const char* key) const { return (*this)[std::string(key)]; }
  bool has(const std::string& key) const {
    for (const auto& member : members())
      if (member.first == key) return true;
    return false;
  }
  // A vector of integers from an array of numbers (the observations' flat lists).
  std::vector<int> ints() const {
    std::vector<int> out;
    for (const auto& v : items()) out.push_back(static_cast<int>(v.as_int()));
    return out;
  }

  std::string dump() const {
    std::string out;
    write(out);
    return out;
  }

 private:
  static const Value& null_value() {
    static const Value none;
    return none;
  }
  static void write_string(std::string& out, const std::string& s) {
    static const char* hex = "0123456789abcdef";
    out += '"';
    for (unsigned char c : s) {
      if (c == '"' || c == '\\') {
        out += '\\';
        out += static_cast<char>(c);
      } else if (c < 0x20) {
        out += "\\u00";
        out += hex[c >> 4];
        out += hex[c & 15];
      } else {
        out += static_cast<char>(c);
      }
    }
    out += '"';
  }
  void write(std::string& out) const {
    switch (type_) {
      case Type::Null: out += "null"; break;
      case Type::Bool: out += int_ ? "true" : "false"; break;
      case Type::Int: out += std::to_string(int_); break;
      case Type::Double: {
        char buf[32];
        auto res = std::to_chars(buf, buf + sizeof buf, double_);
        out.append(buf, res.ptr);
        break;
      }
      case Type::String: write_string(out, string_); break;
      case Type::Array:
        out += '[';
        for (size_t i = 0; i < array_.size(); ++i) {
          if (i) out += ',';
          array_[i].write(out);
        }
        out += ']';
        break;
      case Type::Object:
        out += '{';
        for (size_t i = 0; i < object_.size(); ++i) {
          if (i) out += ',';
          write_string(out, object_[i].first);
          out += ':';
          object_[i].second.write(out);
        }
        out += '}';
        break;
    }
  }

  Type type_ = Type::Null;
  int64_t int_ = 0;
  double double_ = 0;
  std::string string_;
  Array array_;
  Object object_;

  friend class Parser;
};

class Parser {
 public:
  explicit Parser(const std::string& text) : s_(text) {}

  Value document() {
    Value v = value(0);
    space();
    if (i_ != s_.size()) fail("text after the value");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw Error("JSON: " + what + " at offset " + std::to_string(i_));
  }
  void space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' ||
                              s_[i_] == '\r'))
      ++i_;
  }
  bool eat(char c) {
    space();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  void word(const char* w) {
    for (; *w; ++w, ++i_)
      if (i_ >= s_.size() || s_[i_] != *w) fail("unknown word");
  }

  Value value(int depth) {
    if (depth > 256) fail("nested too deeply");
    space();
    if (i_ >= s_.size()) fail("unexpected end");
    char c = s_[i_];
    if (c == '{') return object(depth);
    if (c == '[') return array(depth);
    if (c == '"') return Value(string());
    if (c == 't') return word("true"), Value(true);
    if (c == 'f') return word("false"), Value(false);
    if (c == 'n') return word("null"), Value();
    return number();
  }

  Value object(int depth) {
    ++i_;  // {
    Value::Object members;
    if (eat('}')) return Value::object(std::move(members));
    do {
      space();
      if (i_ >= s_.size() || s_[i_] != '"') fail("expected a key");
      std::string key = string();
      if (!eat(':')) fail("expected ':'");
      members.emplace_back(std::move(key), value(depth + 1));
    } while (eat(','));
    if (!eat('}')) fail("expected ',' or '}'");
    return Value::object(std::move(members));
  }

  Value array(int depth) {
    ++i_;  // [
    Value::Array items;
    if (eat(']')) return Value::array(std::move(items));
    do {
      items.push_back(value(depth + 1));
    } while (eat(','));
    if (!eat(']')) fail("expected ',' or ']'");
    return Value::array(std::move(items));
  }

  Value number() {
    size_t start = i_;
    bool integer = true;
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    if (i_ >= s_.size() || !isdigit(s_[i_])) fail("expected a value");
    if (s_[i_] == '0' && i_ + 1 < s_.size() && isdigit(s_[i_ + 1])) fail("leading zero");
    while (i_ < s_.size() && isdigit(s_[i_])) ++i_;
    if (i_ < s_.size() && s_[i_] == '.') {
      integer = false;
      ++i_;
      if (i_ >= s_.size() || !isdigit(s_[i_])) fail("expected a digit");
      while (i_ < s_.size() && isdigit(s_[i_])) ++i_;
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      integer = false;
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      if (i_ >= s_.size() || !isdigit(s_[i_])) fail("expected a digit");
      while (i_ < s_.size() && isdigit(s_[i_])) ++i_;
    }
    const char* first = s_.data() + start;
    const char* last = s_.data() + i_;
    if (integer) {
      int64_t n = 0;
      if (std::from_chars(first, last, n).ec == std::errc()) return Value(n);
    }
    double d = 0;  // a fraction, an exponent, or an integer beyond 64 bits
    if (std::from_chars(first, last, d).ec != std::errc()) fail("bad number");
    return Value(d);
  }

  unsigned hex4() {
    if (i_ + 4 > s_.size()) fail("short \\u escape");
    unsigned code = 0;
    for (int k = 0; k < 4; ++k) {
      char c = s_[i_++];
      code <<= 4;
      if (c >= '0' && c <= '9') code |= c - '0';
      else if (c >= 'a' && c <= 'f') code |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') code |= c - 'A' + 10;
      else fail("bad \\u escape");
    }
    return code;
  }

  static void utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | cp >> 6);
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | cp >> 12);
      out += static_cast<char>(0x80 | (cp >> 6 & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | cp >> 18);
      out += static_cast<char>(0x80 | (cp >> 12 & 0x3F));
      out += static_cast<char>(0x80 | (cp >> 6 & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  std::string string() {
    ++i_;  // "
    std::string out;
    while (true) {
      if (i_ >= s_.size()) fail("unterminated string");
      unsigned char c = s_[i_++];
      if (c == '"') return out;
      if (c < 0x20) fail("control character in a string");
      if (c != '\\') {
        out += static_cast<char>(c);
        continue;
      }
      if (i_ >= s_.size()) fail("unterminated string");
      switch (s_[i_++]) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned cp = hex4();
          if (cp >= 0xD800 && cp < 0xDC00 && i_ + 1 < s_.size() && s_[i_] == '\\' &&
              s_[i_ + 1] == 'u') {  // a surrogate pair
            size_t back = i_;
            i_ += 2;
            unsigned low = hex4();
            if (low >= 0xDC00 && low < 0xE000) cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            else i_ = back;
          }
          if (cp >= 0xD800 && cp < 0xE000) cp = 0xFFFD;  // a lone surrogate
          utf8(out, cp);
          break;
        }
        default: fail("bad escape");
      }
    }
  }

  static bool isdigit(char c) { return c >= '0' && c <= '9'; }

  const std::string& s_;
  size_t i_ = 0;
};

inline Value parse(const std::string& text) { return Parser(text).document(); }

}  // namespace json
