import DuetPlatform

/// A report, staged recording or `--junit` file that could not be written, as a sentence: which
/// path, what was being done, and the system's reason in words (a full disk, a read-only file
/// system), never a Foundation error dump.
struct ReportWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was being done.
  enum Action: String, Sendable {
    case write = "write"
    case createFolder = "create the folder"
    case openFolder = "open the folder"
    case remove = "remove"
    case putInPlace = "put in place"
  }

  /// The path concerned, relative to the repository root where possible.
  var path: String
  /// The reason, as a phrase.
  var reason: String
  /// True when the tool refused (a link where its own file goes), rather than the system failing.
  var refused = false
  /// The system's `errno`, when the system failed (0 for a refusal).
  var code: Int32 = 0
  /// What to do next, for a refusal that is not cured by removing the entry.
  var next: String?

  init(path: String, code: Int32, doing action: Action) {
    self.path = path
    self.code = code
    reason = "cannot \(action.rawValue) \(path): \(Self.phrase(code))"
  }

  init(path: String, refused what: String) {
    self.path = path
    reason = "\(path) is \(what), and \(Program.name) never writes through a link or into something it did not make"
    refused = true
  }

  /// A refusal said in full: `reason` is the whole clause (what is where), `next` what to do.
  init(path: String, reason: String, next: String) {
    self.path = path
    self.reason = reason
    self.next = next
    refused = true
  }

  var description: String {
    if let next { return reason + ". " + next }
    return refused ? reason + ". Remove it (rm \(path)) and run again." : reason + "."
  }

  /// `errno` in words, with what to do for the usual causes.
  static func phrase(_ code: Int32) -> String {
    switch code {
    case ENOSPC: return "the disk is full; free some space and run again"
    case EDQUOT: return "the disk quota is used up; free some space and run again"
    case EROFS: return "the file system is read-only; run from a writable checkout"
    case EACCES, EPERM: return "permission denied; check the folder's permissions"
    case ENOTDIR: return "a part of the path is a file, not a folder; check the path"
    case ENAMETOOLONG: return "the name is too long for the file system"
    case ELOOP: return "it is a link, and \(Program.name) does not write through links"
    case EISDIR: return "it is a folder; give a file path"
    default: return String(cString: strerror(code))
    }
  }
}
