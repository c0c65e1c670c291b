import Foundation

/// Makes a package manifest's relative path dependencies absolute, so a copy of the package in
/// another folder resolves the same packages (`.package(path: "../..")` →
/// `.package(path: "/abs/checkout")`), or the copies of them made beside it. Only `path:` inside
/// `.package(…)` changes: a target's `path:` is inside the package and was copied with it.
enum PackagePaths {
  private static let dependency = try? NSRegularExpression(
    pattern: #"(\.package\s*\([^()]*?\bpath\s*:\s*)"([^"\\]*)""#)

  /// `manifest` with every relative `.package(path:)` resolved against `folder`, then passed
  /// through `place` (a dependency that was copied too names its copy).
  static func absolute(_ manifest: String, relativeTo folder: URL, place: (URL) -> URL = { $0 }) -> String {
    guard let dependency else { return manifest }
    var text = manifest
    let whole = NSRange(text.startIndex..., in: text)
    for match in dependency.matches(in: text, range: whole).reversed() {
      guard let range = Range(match.range(at: 2), in: text) else { continue }
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
    guard let dependency else { return [] }
    let whole = NSRange(manifest.startIndex..., in: manifest)
    return dependency.matches(in: manifest, range: whole).compactMap { match in
      Range(match.range(at: 2), in: manifest).map { resolve(String(manifest[$0]), relativeTo: folder) }
    }
  }

  private static func resolve(_ path: String, relativeTo folder: URL) -> URL {
    let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
    return url.standardizedFileURL.resolvingSymlinksInPath()
  }
}
