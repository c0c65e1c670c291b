import Foundation
import TestSupport
import XCTest

/// The files of the throwaway app that README.md's "Adopt it in your app" section shows, read out of
/// the README itself so the test follows exactly what a new user copies.
///
/// A file is a fenced block introduced by a line holding only its path in backticks and a colon
/// (`` `Sources/TodoFeatures/TodoFeature.swift`: ``). The dependency on `../duet-verify` is pointed
/// at this checkout.
enum ReadmeAppFiles {
  /// Path → contents, in README order; fails the test when the section shows none.
  static func read(checkout: URL) throws -> [(path: String, text: String)] {
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
        let text = body.joined(separator: "\n") + "\n"
        files.append((path, text.replacingOccurrences(of: "\"../duet-verify\"", with: "\"\(checkout.path)\"")))
      }
      index += 1
    }
    return files
  }
}
