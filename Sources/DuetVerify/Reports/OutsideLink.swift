import DuetPlatform

/// A link inside the repository that leads out of it, on the way to where a report would be
/// written: a pull request can commit `reports -> /home/ci/.ssh` or `parity -> /elsewhere`, and
/// following it would write outside the checkout.
struct OutsideLink: Equatable, Sendable {
  /// The link, relative to the repository root (`reports`, `parity`).
  var link: String
  /// Where it leads, resolved (or the link's own text when it leads nowhere).
  var target: String

  /// The clause a refusal starts with.
  var clause: String { "\(link) is a link that leads outside the repository (to \(target))" }

  /// The first link among the folders `components` name below `root` (each one deeper) that leads
  /// outside `root`; nil when every one stays inside (or is not a link, or does not exist yet).
  static func first(along components: [String], under root: URL) -> OutsideLink? {
    guard let realRoot = realPath(root.path) else { return nil }
    var path = root.path
    var relative: [String] = []
    for component in components where component != "." && !component.isEmpty {
      path += (path.hasSuffix("/") ? "" : "/") + component
      relative.append(component)
      var info = stat()
      guard lstat(path, &info) == 0 else { return nil }
      guard info.st_mode & S_IFMT == S_IFLNK else { continue }
      guard let resolved = realPath(path) else {
        return OutsideLink(link: relative.joined(separator: "/"), target: linkText(path))
      }
      if !isInside(resolved, realRoot) { return OutsideLink(link: relative.joined(separator: "/"), target: resolved) }
    }
    return nil
  }

  /// True when `path` is `folder` or below it (both resolved).
  static func isInside(_ path: String, _ folder: String) -> Bool {
    path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
  }

  /// `path` with every link resolved, or nil when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// What the link at `path` says (a dangling link's target).
  private static func linkText(_ path: String) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    return count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : path
  }
}
