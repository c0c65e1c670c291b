import Foundation
import TestSupport
import XCTest

/// The package exports one executable, `duet-verify`. SwiftPM lets a dependency's executable product
/// win over an app's own product of the same name, so every other executable exported here (an
/// example runner, a benchmark) could silently answer in an adopting app's place. The runners and
/// benchmarks stay executable targets of the root package (built by `swift build`), not products.
///
/// Read from `Package.swift`'s text: running `swift package` from inside a test would wait on the
/// build lock the test run holds.
final class PackageProductsTests: XCTestCase {
  func testThePackageExportsOnlyTheDuetVerifyExecutable() throws {
    let manifest = try String(
      contentsOf: SharedReference.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    XCTAssertEqual(
      Self.executableProducts(in: manifest), ["duet-verify"],
      "Package.swift exports other executables: keep them as executable targets and drop their `.executable` product.")
  }

  func testTheProductScanFindsEveryExecutableAndSkipsComments() {
    let manifest = """
      let package = Package(
        name: "x",
        products: [
          .executable(name: "tool", targets: ["tool"]),
          // .executable(name: "commented", targets: ["commented"]),
          .library(name: "Lib", targets: ["Lib"]),
          .executable(
            name: "example-runner", targets: ["example-runner"]),
        ],
        targets: [.executableTarget(name: "tool"), .executableTarget(name: "example-runner")]
      )
      """
    XCTAssertEqual(Self.executableProducts(in: manifest), ["tool", "example-runner"])
  }

  /// The `name:` of each `.executable(…)` inside the `products: [ … ]` list, in order.
  static func executableProducts(in manifest: String) -> [String] {
    let code = manifest.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
    }.joined(separator: "\n")
    guard let products = code.range(of: "products:"), let open = code[products.upperBound...].firstIndex(of: "[")
    else { return [] }
    var depth = 0
    var end = code.endIndex
    for index in code[open...].indices {
      if code[index] == "[" { depth += 1 }
      if code[index] == "]" { depth -= 1 }
      if depth == 0 {
        end = index
        break
      }
    }
    return code[open..<end].components(separatedBy: ".executable(").dropFirst().compactMap { entry in
      guard let name = entry.range(of: "name:") else { return nil }
      let rest = entry[name.upperBound...].drop { $0 == " " || $0 == "\n" }
      guard rest.first == "\"" else { return nil }
      return String(rest.dropFirst().prefix { $0 != "\"" })
    }
  }
}
