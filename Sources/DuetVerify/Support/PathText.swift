/// Path strings taken apart as `NSString`'s path methods do (repeated slashes count as one, a
/// trailing slash is ignored), without linking Foundation (docs/performance.md, seventh round).
enum PathText {
  /// The last component: `"b"` for `"a/b/"`, `"/"` for `"/"`, `""` for `""`.
  static func last(_ path: String) -> String {
    let (absolute, parts) = split(path)
    guard let last = parts.last else { return absolute ? "/" : "" }
    return String(last)
  }

  /// Everything before the last component: `"a"` for `"a/b/"`, `"/"` for `"/a"` and `"/"`,
  /// `""` for `"a"`.
  static func deletingLast(_ path: String) -> String {
    let (absolute, parts) = split(path)
    return (absolute ? "/" : "") + parts.dropLast().joined(separator: "/")
  }

  /// The components joined with one slash between them (`["/", "a", "b"]` is `"/a/b"`).
  static func joined(_ components: [String]) -> String {
    let (absolute, parts) = split(components.joined(separator: "/"))
    return (absolute ? "/" : "") + parts.joined(separator: "/")
  }

  private static func split(_ path: String) -> (absolute: Bool, parts: [Substring]) {
    (path.hasPrefix("/"), path.split(separator: "/", omittingEmptySubsequences: true))
  }
}
