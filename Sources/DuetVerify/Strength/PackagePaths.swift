import DuetPlatform

/// Makes a package manifest's relative path dependencies absolute, so a copy of the package in
/// another folder resolves the same packages (`.package(path: "../..")` →
/// `.package(path: "/abs/checkout")`), or the copies of them made beside it. Only `path:` inside
/// `.package(…)` changes: a target's `path:` is inside the package and was copied with it.
enum PackagePaths {
  /// Where each `.package(…, path: "…")` dependency's path is in `text` (inside the quotes), first
  /// to last. Matched on Unicode scalars with simple word boundaries, as `NSRegularExpression`
  /// matched this pattern before the verifier stopped linking Foundation.
  private static func dependencyPaths(in text: String) -> [Range<String.Index>] {
    guard #available(macOS 13, iOS 16, *) else { return [] }
    guard
      let pattern = try? Regex(
        #"(\.package\s*\([^()]*?\bpath\s*:\s*)"([^"\\]*)""#, as: (Substring, Substring, Substring).self)
    else { return [] }
    let matches = text.matches(of: pattern.wordBoundaryKind(.simple).matchingSemantics(.unicodeScalar))
    return matches.map { $0.output.2.startIndex..<$0.output.2.endIndex }
  }

  /// `manifest` with every relative `.package(path:)` resolved against `folder`, then passed
  /// through `place` (a dependency that was copied too names its copy).
  static func absolute(_ manifest: String, relativeTo folder: URL, place: (URL) -> URL = { $0 }) -> String {
    var text = manifest
    for range in dependencyPaths(in: manifest).reversed() {
      let path = String(text[range])
      let resolved = resolve(path, relativeTo: folder)
      let placed = place(resolved)
      guard !path.hasPrefix("/") || placed != resolved else { continue }
      text.replaceSubrange(range, with: placed.path)
    }
    return text
  }

  /// The folders of the manifest's `.package(path:)` dependencies, resolved against `folder`.
  static func dependencies(_ manifest: String, relativeTo folder: URL) -> [URL] {
    dependencyPaths(in: manifest).map { resolve(String(manifest[$0]), relativeTo: folder) }
  }

  private static func resolve(_ path: String, relativeTo folder: URL) -> URL {
    let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
    return url.standardizedFileURL.resolvingSymlinksInPath()
  }
}
