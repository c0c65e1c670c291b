import Foundation

/// Makes a package manifest's relative path dependencies absolute, so a copy of the package in
/// another folder resolves the same packages (`.package(path: "../..")` →
/// `.package(path: "/abs/checkout")`). Only `path:` inside `.package(…)` changes: a target's
/// `path:` is inside the package and was copied with it.
enum PackagePaths {
  private static let dependency = try? NSRegularExpression(
    pattern: #"(\.package\s*\([^()]*?\bpath\s*:\s*)"([^"\\]*)""#)

  /// `manifest` with every relative `.package(path:)` resolved against `folder`.
  static func absolute(_ manifest: String, relativeTo folder: URL) -> String {
    guard let dependency else { return manifest }
    var text = manifest
    let whole = NSRange(text.startIndex..., in: text)
    for match in dependency.matches(in: text, range: whole).reversed() {
      guard let range = Range(match.range(at: 2), in: text) else { continue }
      let path = String(text[range])
      guard !path.hasPrefix("/") else { continue }
      let resolved = folder.appendingPathComponent(path).standardizedFileURL.resolvingSymlinksInPath().path
      text.replaceSubrange(range, with: resolved)
    }
    return text
  }
}
