import Foundation
import TestSupport
import XCTest

/// The files of the throwaway app that README.md's "Adopt it in your app" section shows, read out of
/// the README itself so the test follows exactly what a new user copies.
///
/// A file is a fenced block introduced by a line holding only its path in backticks and a colon
/// (`` `Sources/TodoFeatures/TodoFeature.swift`: ``). The README's dependency by git URL is the one
/// line changed: by path on this checkout (`read(checkout:)`), or by another git URL
/// (`read(checkout:gitURL:)`).
enum ReadmeAppFiles {
  /// Path → contents, in README order, the dependency a path one on `checkout`.
  static func read(checkout: URL) throws -> [(path: String, text: String)] {
    try read(checkout: checkout) { line in
      let indent = line.prefix(while: { $0 == " " })
      return indent + ".package(name: \"duet-verify\", path: \"\(checkout.path)\")"
    }
  }

  /// Path → contents, in README order, the dependency's URL replaced by `gitURL` (its requirement,
  /// such as `branch: "main"`, kept).
  static func read(checkout: URL, gitURL: String) throws -> [(path: String, text: String)] {
    try read(checkout: checkout) { line in
      let parts = line.components(separatedBy: "\"")
      guard parts.count >= 3 else { return line }
      return ([parts[0], gitURL] + parts.dropFirst(2)).joined(separator: "\"")
    }
  }

  /// Path → contents, the line holding `.package(url: "…"` of `Package.swift` passed through `dependency`;
  /// fails the test when the section shows no files or no such line.
  private static func read(checkout: URL, dependency: (String) -> String) throws -> [(path: String, text: String)] {
    let readme = String(
      decoding: try Data(contentsOf: checkout.appendingPathComponent("README.md")), as: UTF8.self)
    let lines = readme.components(separatedBy: "\n")
    guard let start = lines.firstIndex(where: { $0.hasPrefix("## Adopt it in your app") }) else {
      XCTFail("README.md has no '## Adopt it in your app' section")
      return []
    }
    var files: [(path: String, text: String)] = []
    var index = start + 1
    while index < lines.count, !lines[index].hasPrefix("## ") {
      let line = lines[index]
      if line.hasPrefix("`"), line.hasSuffix("`:"), index + 1 < lines.count, lines[index + 1].hasPrefix("```") {
        let path = String(line.dropFirst().dropLast(2))
        var body: [String] = []
        index += 2
        while index < lines.count, !lines[index].hasPrefix("```") {
          body.append(lines[index])
          index += 1
        }
        if path == "Package.swift" {
          guard let line = body.firstIndex(where: { $0.contains(".package(url: \"") }) else {
            XCTFail("README.md's Package.swift has no `.package(url: \"…\"` line for duet-verify")
            return []
          }
          body[line] = dependency(body[line])
        }
        files.append((path, body.joined(separator: "\n") + "\n"))
      }
      index += 1
    }
    return files
  }
}
