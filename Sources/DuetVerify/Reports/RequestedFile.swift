import DuetPlatform

/// A report file the user asked for: where it goes, and the path as typed (a relative one may not
/// lead out of the repository through a committed link).
struct RequestedFile {
  var url: URL
  var typed: String
}
