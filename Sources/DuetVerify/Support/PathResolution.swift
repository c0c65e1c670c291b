import DuetPlatform

/// Resolves a path the user typed against the folder they typed it in.
///
/// `URL(fileURLWithPath:relativeTo:)` resolves against the *parent* of a base URL without a trailing
/// slash; this helper never depends on how the base URL was made.
func resolve(_ path: String, against folder: URL) -> URL {
  if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
  return folder.appendingPathComponent(path).standardizedFileURL
}
