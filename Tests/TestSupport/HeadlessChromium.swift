import Foundation

/// Headless Chromium for the tests that check an HTML report as a browser builds it: found on the
/// PATH (absent on most machines, so those tests skip with a message), run once per page.
public enum HeadlessChromium {
  /// `chromium` or `chromium-browser` on the PATH.
  public static func executable() -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      for name in ["chromium", "chromium-browser"] {
        let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      }
    }
    return nil
  }

  /// The DOM `chromium` built from `page`, its profile and home kept inside `folder`.
  public static func dumpDOM(_ chromium: URL, page: URL, in folder: URL) throws -> CommandRun {
    let profile = folder.appendingPathComponent("chromium-profile")
    return try CommandRun.run(
      chromium,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=" + profile.path,
        "--dump-dom", page.absoluteString,
      ], in: folder, environment: ["HOME": folder.path], deadline: 120)
  }

  /// The browser's DOM without its `<head>` and tags, entities read back: roughly what a reader sees.
  public static func visibleText(_ dom: String) -> String {
    var text = HTMLScan.stripTags(dom.components(separatedBy: "<body>").last ?? dom)
    for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
      text = text.replacingOccurrences(of: entity, with: character)
    }
    return text
  }
}
