import DuetCore
import DuetPlatform

/// Where `--out` puts a generated test, and whether it may: a path ending in `.swift` is the file;
/// any other path is a folder (made when missing) that gets `<Class>.swift` inside it; an existing file is replaced only when it is a generated test itself (its first line is
/// the marker), so a mistyped `--out` never overwrites someone's code; a link is never written
/// through.
enum GeneratedTestFile {
  /// Why the file was not written.
  struct Refusal: Diagnostic, Equatable, Sendable {
    var message: String
    var speaker: String? { "materialize" }
  }

  /// Writes `text` for `--out path` (resolved against `folder`) and returns the path written.
  static func write(_ text: String, out path: String, className: String, folder: URL) throws(Refusal) -> String {
    var target = resolve(path, against: folder)
    if kind(of: target.path) == S_IFDIR || !target.lastPathComponent.hasSuffix(".swift") {
      target = target.appendingPathComponent(className + ".swift")
    }
    let shown = target.path
    switch kind(of: shown) {
    case nil: break
    case S_IFREG?:
      guard startsWithMarker(shown) else {
        throw Refusal(
          message: "\(shown) exists and is not a test materialize generated "
            + "(its first line is not '\(MaterializedTestWriter.marker)'), so it is left alone; "
            + "choose another \(Option.out.rawValue) path, or a folder.")
      }
    case let other?:
      let what = other == S_IFLNK ? "a link" : "not a regular file"
      throw Refusal(
        message: "\(shown) is \(what), and materialize never writes through a link "
          + "or over something it did not make; choose another \(Option.out.rawValue) path.")
    }
    do throws(ReportWriteError) {
      try SafeFolder.writeFile(text, at: target)
    } catch {
      throw Refusal(message: "the test was not written: " + error.description)
    }
    return shown
  }

  /// The kind of the entry at `path`, links not followed; nil when there is none.
  static func kind(of path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT
  }

  /// True when the file at `path` begins with the generated-test marker.
  static func startsWithMarker(_ path: String) -> Bool {
    let marker = Array(MaterializedTestWriter.marker.utf8)
    return SystemFile.prefix(ofFileAt: path, upTo: marker.count) == marker
  }
}
