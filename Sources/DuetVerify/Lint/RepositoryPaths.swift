import DuetPlatform

/// Checks a path written in the manifest: relative to the repository root, never leaving it, and
/// present on disk.
///
/// A manifest is reviewed like code, but a path such as `../../etc` or `/home/x` would make the
/// tool read outside the repository; such paths are refused before anything touches them.
enum RepositoryPaths {
  /// Why `path` is not acceptable, or nil when it names an existing file or folder inside `root`.
  static func problem(with path: String, root: URL, what: String) -> String? {
    if path.hasPrefix("/") || path.hasPrefix("~") {
      return
        "\(what) '\(path)' is an absolute path. Give it relative to the repository root (\(root.path)) so the "
        + "manifest works on every checkout."
    }
    if path.split(separator: "/").contains("..") {
      return
        "\(what) '\(path)' uses '..', which could leave the repository. Give a path inside the repository root, "
        + "relative to it."
    }
    let url = root.appendingPathComponent(path).standardizedFileURL
    guard FileManager.default.fileExists(atPath: url.path) else {
      return
        "\(what) '\(path)' does not exist (paths are relative to the repository root, \(root.path)). "
        + "Fix the path, or create the file."
    }
    let resolvedRoot = root.resolvingSymlinksInPath().standardizedFileURL.path
    let resolved = url.resolvingSymlinksInPath().standardizedFileURL.path
    if resolved != resolvedRoot, !resolved.hasPrefix(resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/") {
      return "\(what) '\(path)' is a link that leads outside the repository. Point it at a file inside the repository."
    }
    return nil
  }
}
