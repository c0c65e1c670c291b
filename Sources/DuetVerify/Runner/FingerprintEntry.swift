/// One input (or output) of a runner build as its stamp keeps it: what it is, its content digest
/// (ContentHash) and its file-system identity (FileIdentity), one tab-separated line each.
///
/// The build is skipped by `content` alone (by content, not by time); `identity` only serves to
/// notice that something was written while a build ran, and which modules a build outside
/// duet-verify may have compiled from other bytes (RunnerBuilder).
struct FingerprintEntry: Equatable, Sendable {
  /// `file`, `env`, `command`, `tool`, `executable` or `library`.
  var kind: String
  /// A path, or a variable's name.
  var name: String
  /// The digest of its bytes (of a variable's value), or `?` when not known to be what a build read.
  var content: String
  /// Size, times, inode, device and mode; empty for what is not a file.
  var identity: String
  /// Its status-change time (ns since the epoch); 0 for what is not a file. Not kept in the stamp.
  var changed: Int64 = 0

  /// The content a stamp records when it cannot vouch for what the build read.
  static let unknown = "?"

  /// `kind<TAB>content<TAB>identity<TAB>name`, the name escaped so no name can split a line.
  var line: String { "\(kind)\t\(content)\t\(identity)\t\(Self.escaped(name))" }

  /// The entry of a stamp's line (its bytes, without the line feed); nil when the line is not one.
  /// (Bytes, not characters: an up-to-date verify reads every line of the stamp.)
  init?(line: ArraySlice<UInt8>) {
    var fields: [ArraySlice<UInt8>] = []
    var start = line.startIndex
    var index = line.startIndex
    while index < line.endIndex, fields.count < 3 {
      if line[index] == 9 {
        fields.append(line[start..<index])
        start = index + 1
      }
      index += 1
    }
    guard fields.count == 3 else { return nil }
    let name = String(decoding: line[start...], as: UTF8.self)
    self.init(
      kind: String(decoding: fields[0], as: UTF8.self),
      name: line[start...].contains(UInt8(ascii: "\\")) ? Self.unescaped(Substring(name)) : name,
      content: String(decoding: fields[1], as: UTF8.self), identity: String(decoding: fields[2], as: UTF8.self))
  }

  init(kind: String, name: String, content: String, identity: String = "", changed: Int64 = 0) {
    self.kind = kind
    self.name = name
    self.content = content
    self.identity = identity
    self.changed = changed
  }

  /// `name` on one line: a tab, line feed or backslash in a name cannot make two stamps read alike.
  static func escaped(_ name: String) -> String {
    PrintableText.rewriting(name) { _, scalar, _ in
      switch scalar {
      case "\\": "\\\\"
      case "\n": "\\n"
      case "\r": "\\r"
      case "\t": "\\t"
      default: nil
      }
    }
  }

  static func unescaped(_ text: Substring) -> String {
    var name = ""
    var escaping = false
    for character in text.unicodeScalars {
      if escaping {
        switch character {
        case "n": name += "\n"
        case "r": name += "\r"
        case "t": name += "\t"
        default: name.unicodeScalars.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        name.unicodeScalars.append(character)
      }
    }
    return name
  }
}
