import Foundation
import TestSupport
import XCTest

/// The folders of `Sources/DuetVerify` are layers (Manifest → Fixtures → Schedule → Replay →
/// Reports/CLI): a folder may use the folders below it, never one that uses it back. A cycle
/// means two folders are one layer in disguise, so the data flow no longer reads at a glance.
///
/// Type references are found by a simple name index: every top-level type a folder declares, and
/// every capitalised identifier in another folder's code (comments and string text left out).
final class FolderLayerTests: XCTestCase {
  /// Cycles that other work removes; each must still exist (so the list only shrinks), and no
  /// other may appear.
  static let cyclesBeingRemoved: Set<String> = ["CLI ⇄ Record", "CLI ⇄ Support", "CLI ⇄ Taxonomy", "Record ⇄ Reports"]

  func testNoTwoFoldersOfTheVerifierDependOnEachOther() throws {
    let graph = try FolderGraph(sources: SharedReference.repositoryRoot.appendingPathComponent("Sources/DuetVerify"))
    XCTAssertGreaterThan(graph.folders.count, 5, "the folder scan found too few folders")
    let cycles = graph.cycles()
    let found = Set(cycles.map(\.name))
    for cycle in cycles where !Self.cyclesBeingRemoved.contains(cycle.name) {
      XCTFail("folder cycle \(cycle.name): \(cycle.evidence). Move the type to the lower folder, or pass a value down.")
    }
    for gone in Self.cyclesBeingRemoved.subtracting(found) {
      XCTFail("the cycle \(gone) no longer exists: remove it from FolderLayerTests.cyclesBeingRemoved.")
    }
  }

  func testTheReferenceScanIgnoresCommentsAndStringTextButNotInterpolations() {
    let code = """
      // Linter is mentioned here
      let a = "Manifest \\(CorpusPass.make()) text" /* Shard */
      let b = \"\"\"
        Replay
        \"\"\"
      """
    XCTAssertEqual(FolderGraph.identifiers(inSource: code), ["CorpusPass"])
  }
}

/// Folders, the top-level types each declares, and which folders each one's code names.
struct FolderGraph {
  /// Folder → its Swift files' code (comments and string text removed).
  var folders: [String: [(file: String, code: String)]] = [:]
  /// Type name → declaring folder (names declared in two folders are left out: ambiguous).
  var owner: [String: String] = [:]

  init(sources: URL) throws {
    let manager = FileManager.default
    var declared: [String: Set<String>] = [:]
    for folder in try manager.contentsOfDirectory(atPath: sources.path).sorted() {
      let url = sources.appendingPathComponent(folder)
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
      let files = (manager.enumerator(atPath: url.path)?.allObjects as? [String] ?? []).filter {
        $0.hasSuffix(".swift")
      }
      for file in files.sorted() {
        let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
        folders[folder, default: []].append((file: "\(folder)/\(file)", code: Self.strip(text)))
        for name in Self.topLevelDeclarations(in: text) { declared[name, default: []].insert(folder) }
      }
    }
    for (name, places) in declared where places.count == 1 { owner[name] = places.first }
  }

  /// Folder → folder it uses → the first file and name that use it.
  func edges() -> [String: [String: String]] {
    var edges: [String: [String: String]] = [:]
    for (folder, files) in folders {
      for (file, code) in files {
        for name in Self.identifiers(in: code) {
          guard let target = owner[name], target != folder, edges[folder]?[target] == nil else { continue }
          edges[folder, default: [:]][target] = "\(file) uses \(name)"
        }
      }
    }
    return edges
  }

  struct Cycle {
    var name: String
    var evidence: String
  }

  /// Every pair of folders that name each other's types, `A ⇄ B` (A before B), with one reference
  /// each way. (A longer loop through three folders is not looked for: the layers are
  /// pairs, and each pair's evidence is one line a reader can act on.)
  func cycles() -> [Cycle] {
    let edges = edges()
    var found: [Cycle] = []
    let names = folders.keys.sorted()
    for (index, left) in names.enumerated() {
      for right in names[(index + 1)...] {
        guard let there = edges[left]?[right], let back = edges[right]?[left] else { continue }
        found.append(
          Cycle(name: "\(left) ⇄ \(right)", evidence: "\(left) → \(right): \(there); \(right) → \(left): \(back)"))
      }
    }
    return found
  }

  /// Names of the types declared at the top level (column 0) of a file.
  static func topLevelDeclarations(in text: String) -> [String] {
    let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
    var names: [String] = []
    for line in text.split(separator: "\n") where line.first.map({ $0 != " " && $0 != "/" }) ?? false {
      let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" || $0 == "=" })
      guard let kind = words.firstIndex(where: kinds.contains), kind + 1 < words.count else { continue }
      names.append(String(words[kind + 1]))
    }
    return names
  }

  /// Capitalised identifiers in already-stripped code, each once, in order of first use.
  static func identifiers(in code: String) -> [String] {
    var seen: Set<String> = []
    var found: [String] = []
    var word = ""
    for character in code + " " {
      if character.isLetter || character.isNumber || character == "_" {
        word.append(character)
        continue
      }
      if let first = word.first, first.isUppercase, seen.insert(word).inserted { found.append(word) }
      word = ""
    }
    return found
  }

  /// The code with comments and string text removed (an interpolation's code is kept).
  static func identifiers(inSource text: String) -> [String] { identifiers(in: strip(text)) }

  static func strip(_ text: String) -> String {
    let characters = Array(text)
    var output = ""
    var index = 0
    /// Inside a string: nil in code; the interpolation depths per open string otherwise.
    var strings: [(multiline: Bool, depth: Int)] = []
    func at(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
    while index < characters.count {
      let character = characters[index]
      let inText = strings.last.map { $0.depth == 0 } ?? false
      if inText {
        let open = strings[strings.count - 1]
        if character == "\\" && at(1) == "(" {
          strings[strings.count - 1].depth = 1
          output.append(" ")
          index += 2
        } else if character == "\\" {
          index += 2
        } else if open.multiline && character == "\"" && at(1) == "\"" && at(2) == "\"" {
          strings.removeLast()
          index += 3
        } else if !open.multiline && (character == "\"" || character == "\n") {
          strings.removeLast()
          index += 1
        } else {
          index += 1
        }
        continue
      }
      if character == "/" && at(1) == "/" {
        while index < characters.count && characters[index] != "\n" { index += 1 }
      } else if character == "/" && at(1) == "*" {
        index += 2
        while index < characters.count && !(characters[index] == "*" && at(1) == "/") { index += 1 }
        index += 2
      } else if character == "\"" {
        let multiline = at(1) == "\"" && at(2) == "\""
        strings.append((multiline, 0))
        index += multiline ? 3 : 1
      } else {
        if !strings.isEmpty {
          if character == "(" { strings[strings.count - 1].depth += 1 }
          if character == ")" { strings[strings.count - 1].depth -= 1 }
        }
        output.append(character)
        index += 1
      }
    }
    return output
  }
}
