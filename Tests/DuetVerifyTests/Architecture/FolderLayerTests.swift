import Foundation
import TestSupport
import XCTest

/// The folders of `Sources/DuetVerify` are layers (the order is CONTRIBUTING.md's): a folder may
/// use the folders below it, never one that uses it back, directly or through others. A cycle
/// means folders are one layer in disguise, so the data flow no longer reads at a glance.
///
/// Type references are found by a simple name index: every top-level type a folder declares, and
/// every capitalised identifier in another folder's code (comments and string text left out).
final class FolderLayerTests: XCTestCase {
  func testNoFoldersOfTheVerifierDependOnEachOtherInALoop() throws {
    let graph = try FolderGraph(sources: SharedReference.repositoryRoot.appendingPathComponent("Sources/DuetVerify"))
    XCTAssertGreaterThan(graph.folders.count, 5, "the folder scan found too few folders")
    for cycle in graph.cycles() {
      XCTFail("folder cycle \(cycle.name): \(cycle.evidence). Move the type to the lower folder, or pass a value down.")
    }
  }

  /// CONTRIBUTING.md lists the layers bottom-up; the list must name every folder and agree with
  /// the code (a folder only uses folders listed before it), so the documented order stays true.
  func testTheLayerOrderInContributingIsTheCodes() throws {
    let root = SharedReference.repositoryRoot
    let graph = try FolderGraph(sources: root.appendingPathComponent("Sources/DuetVerify"))
    let contributing = try String(contentsOf: root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
    let documented = FolderGraph.documentedLayers(in: contributing)
    XCTAssertFalse(documented.isEmpty, "CONTRIBUTING.md has no line starting `Layers (bottom up):`")
    for folder in graph.folders.keys.sorted() where !documented.contains(folder) {
      XCTFail("the folder \(folder)/ is not in CONTRIBUTING.md's layer list: add it above the folders that use it.")
    }
    let edges = graph.edges()
    for (user, used) in edges {
      guard let userRank = documented.firstIndex(of: user) else { continue }
      for (target, evidence) in used {
        guard let targetRank = documented.firstIndex(of: target), targetRank > userRank else { continue }
        XCTFail("\(user)/ uses \(target)/ (\(evidence)), but CONTRIBUTING.md lists \(target)/ above it.")
      }
    }
  }

  /// A run is always a list of lanes, and the lane is one concept in one folder: how runners
  /// become lanes, the one driver that replays them, their results and the rule for naming them.
  /// Reporters render lanes; they do not define them.
  func testTheLaneConceptLivesInTheLanesFolder() throws {
    let graph = try FolderGraph(sources: SharedReference.repositoryRoot.appendingPathComponent("Sources/DuetVerify"))
    for name in [
      "Lane", "LaneSetup", "RunnerSetup", "LanesPass", "LaneResult", "RunResult", "LaneNaming", "ParityBreak",
      "RunnerFailure",
    ] {
      XCTAssertEqual(graph.owner[name], "Lanes", "\(name) belongs in Lanes/")
    }
    for gone in ["LaneBlocks", "LaneOutcomes"] {
      XCTAssertNil(graph.owner[gone], "\(gone): a second home of the lane concept")
    }
  }

  /// Reporters ask ``LaneNaming`` whether to name lanes; none counts a run's lanes itself.
  func testOnlyLaneNamingDecidesWhetherLanesAreNamed() throws {
    let graph = try FolderGraph(sources: SharedReference.repositoryRoot.appendingPathComponent("Sources/DuetVerify"))
    for folder in ["Reports", "Record"] {
      for (file, code) in graph.folders[folder] ?? [] {
        for counted in ["lanes.count", "run.lanes.isEmpty"] where code.contains(counted) {
          XCTFail("\(file) decides on \(counted): ask run.naming (LaneNaming) instead")
        }
      }
    }
  }

  func testALoopThroughThreeFoldersIsACycle() {
    let edges = [
      "A": ["B": "A/a.swift uses Bee"], "B": ["C": "B/b.swift uses Cee"], "C": ["A": "C/c.swift uses Ay"],
      "D": ["A": "D/d.swift uses Ay"],
    ]
    let cycles = FolderGraph.cycles(in: edges)
    XCTAssertEqual(cycles.map(\.name), ["A → B → C → A"])
    XCTAssertEqual(
      cycles.first?.evidence, "A/a.swift uses Bee; B/b.swift uses Cee; C/c.swift uses Ay")
    XCTAssertEqual(FolderGraph.cycles(in: ["A": ["B": "x"], "B": ["C": "y"]]).count, 0)
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

  /// Every loop of folders, `A → B → … → A`, with the reference behind each step.
  func cycles() -> [Cycle] { Self.cycles(in: edges()) }

  /// Loops in `edges` (folder → used folder → evidence). The folders that use nothing left are
  /// peeled off layer by layer (a topological order); whatever remains holds a loop, which is
  /// walked, reported, and broken at its first step so the next one can be found.
  static func cycles(in edges: [String: [String: String]]) -> [Cycle] {
    var edges = edges
    var left = Set(edges.keys).union(edges.values.flatMap(\.keys))
    var found: [Cycle] = []
    while !left.isEmpty {
      let free = left.filter { folder in !(edges[folder]?.keys.contains(where: left.contains) ?? false) }
      if !free.isEmpty {
        left.subtract(free)
        continue
      }
      var path = [left.min()!]
      while true {
        let next = edges[path.last!]!.keys.filter(left.contains).min()!
        if let start = path.firstIndex(of: next) {
          let loop = Array(path[start...]) + [next]
          let steps = zip(loop, loop.dropFirst()).map { edges[$0]![$1]! }
          found.append(Cycle(name: loop.joined(separator: " → "), evidence: steps.joined(separator: "; ")))
          edges[loop[0]]![loop[1]] = nil
          break
        }
        path.append(next)
      }
    }
    return found
  }

  /// The folders named on CONTRIBUTING.md's `Layers (bottom up):` line, in order.
  static func documentedLayers(in text: String) -> [String] {
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Layers (bottom up):") }) else {
      return []
    }
    return line.dropFirst("Layers (bottom up):".count).split(whereSeparator: { " `→,./".contains($0) }).map(String.init)
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
