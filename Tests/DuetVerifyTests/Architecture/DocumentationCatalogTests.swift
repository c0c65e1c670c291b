import Foundation
import TestSupport
import XCTest

/// The runner-side libraries an app links (DuetCore, DuetReplay, DuetScenario, DuetTelemetry) each
/// have a DocC catalog with a getting-started article, and every symbol and article the catalogs
/// link to exists, so the catalogs cannot silently point at renamed or deleted API. Checked from
/// the text (the toolchain here has no documentation plugin; `docc convert` agrees when available).
final class DocumentationCatalogTests: XCTestCase {
  static let runnerSideModules = ["DuetCore", "DuetReplay", "DuetScenario", "DuetTelemetry"]

  func testEveryRunnerSideLibraryHasACatalogWithAGettingStartedArticle() throws {
    for module in Self.runnerSideModules {
      let catalog = Self.catalog(of: module)
      let page = try String(contentsOf: catalog.appendingPathComponent("\(module).md"), encoding: .utf8)
      XCTAssertTrue(page.hasPrefix("# ``\(module)``\n"), "\(module).docc/\(module).md must open with # ``\(module)``")
      assertContains(page, "<doc:GettingStarted>")
      let article = try String(contentsOf: catalog.appendingPathComponent("GettingStarted.md"), encoding: .utf8)
      XCTAssertGreaterThanOrEqual(
        article.components(separatedBy: "```swift").count - 1, 3, "\(module)'s GettingStarted.md needs code examples")
    }
  }

  func testEverySymbolAndArticleTheCatalogsLinkToExists() throws {
    for module in Self.runnerSideModules {
      let catalog = Self.catalog(of: module)
      let sources = try Self.sourceText(of: module)
      let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }
      for article in articles {
        let text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
        XCTAssertEqual(
          text.components(separatedBy: "```").count % 2, 1, "\(module).docc/\(article): a code fence is open")
        for link in Self.symbolLinks(in: text) where link != module {
          XCTAssertTrue(
            Self.declares(sources, link),
            "\(module).docc/\(article) links ``\(link)``, which Sources/\(module) does not declare")
        }
        for name in Self.articleLinks(in: text) {
          XCTAssertTrue(
            articles.contains(name + ".md"),
            "\(module).docc/\(article) links <doc:\(name)>, which is not in the catalog")
        }
      }
    }
  }

  func testTheLinkScanReadsSymbolsAndMembers() {
    let text =
      "- ``ReplayServer``\n```swift\nlet a = 1\n```\n``ReplayServer/serve(registry:)`` and <doc:GettingStarted>\n"
    XCTAssertEqual(Self.symbolLinks(in: text), ["ReplayServer", "ReplayServer/serve(registry:)"])
    XCTAssertEqual(Self.articleLinks(in: text), ["GettingStarted"])
    let source = "public struct ReplayServer {\n  public static func serve(registry: R) -> Never\n}"
    XCTAssertTrue(Self.declares(source, "ReplayServer/serve(registry:)"))
    XCTAssertFalse(Self.declares(source, "ReplayServer/listen(port:)"))
    XCTAssertFalse(Self.declares(source, "ReplayClient"))
  }

  static func catalog(of module: String) -> URL {
    SharedReference.repositoryRoot.appendingPathComponent("Sources/\(module)/\(module).docc")
  }

  /// Every Swift file of the module, concatenated.
  static func sourceText(of module: String) throws -> String {
    let root = SharedReference.repositoryRoot.appendingPathComponent("Sources/\(module)")
    let files = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter {
      $0.hasSuffix(".swift")
    }
    return try files.sorted().map { try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
      .joined(separator: "\n")
  }

  /// The text between each pair of double backquotes, outside fenced code blocks.
  static func symbolLinks(in text: String) -> [String] {
    let prose = text.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    return prose.flatMap { part in
      part.components(separatedBy: "``").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }
  }

  /// The names in `<doc:Name>`.
  static func articleLinks(in text: String) -> [String] {
    text.components(separatedBy: "<doc:").dropFirst().compactMap { $0.split(separator: ">").first.map(String.init) }
  }

  /// Whether `sources` declare the type of `link` and, for `Type/member(…)`, a member of that name.
  static func declares(_ sources: String, _ link: String) -> Bool {
    let parts = link.split(separator: "/").map(String.init)
    guard let type = parts.first else { return false }
    let kinds = ["struct", "enum", "class", "protocol", "typealias", "actor", "let", "func"]
    guard kinds.contains(where: { sources.contains("\($0) \(type)") }) else { return false }
    guard parts.count > 1 else { return true }
    let member = String(parts[1].prefix { $0 != "(" })
    if member == "init" { return sources.contains("init(") || sources.contains("init?(") }
    return ["func", "var", "let", "case", "static func", "static let"].contains { sources.contains("\($0) \(member)") }
  }
}
