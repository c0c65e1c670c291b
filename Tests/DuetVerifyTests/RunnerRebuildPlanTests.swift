import Foundation
import XCTest

@testable import DuetVerify

/// Which build products go before a runner build (RunnerRebuildPlan): the products folder is shared
/// with everything else built there (an app's `swift run duet-verify` from a path dependency), so
/// only modules the `replay-runner` product compiles are ever removed — and, of those, every one
/// the stamp cannot vouch for. (RunnerFingerprintTests covers the stamp itself.)
final class RunnerRebuildPlanTests: XCTestCase {
  private let root = URL(fileURLWithPath: "/repo")

  /// `app/` (`replay-runner` using its target A and the product `Lib` of `lib/`, and a tool using C)
  /// and `lib/` (`Lib` = B; `tool-kit` = D, depending on B): replay-runner compiles replay_runner,
  /// A and B, never C or D.
  private func graph(products: [String: [String]]? = ["Lib": ["B"], "tool-kit": ["D"]]) -> RunnerPackageGraph {
    let target = { (package: String, name: String, targets: [String], products: [String]) in
      RunnerPackageGraph.Target(
        module: name.replacingOccurrences(of: "-", with: "_"), folder: "/repo/\(package)/Sources/\(name)", name: name,
        targets: targets, products: products)
    }
    let app = RunnerPackageGraph.Package(
      folder: "/repo/app", manifests: ["/repo/app/Package.swift"],
      targets: [
        target("app", "replay-runner", ["A"], ["Lib"]), target("app", "A", [], []),
        target("app", "C", [], ["tool-kit"]), target("app", "tool", ["C"], []),
      ],
      reads: ManifestEnvironment(), products: ["replay-runner": ["replay-runner"], "tool": ["tool"]])
    let lib = RunnerPackageGraph.Package(
      folder: "/repo/lib", manifests: ["/repo/lib/Package.swift"],
      targets: [target("lib", "B", [], []), target("lib", "D", ["B"], [])], reads: ManifestEnvironment(),
      products: products)
    return RunnerPackageGraph(packages: [app, lib])
  }

  private func fingerprint(_ graph: RunnerPackageGraph, files: [String: String]) -> RunnerFingerprint {
    let entries = files.sorted { $0.key < $1.key }.map {
      FingerprintEntry(kind: "file", name: $0.key, content: $0.value, identity: "i")
    }
    return RunnerFingerprint(entries: entries, newestChange: 0, packages: ["/repo/app", "/repo/lib"], graph: graph)
  }

  private static let sources = [
    "/repo/app/Sources/replay-runner/main.swift", "/repo/app/Sources/A/A.swift", "/repo/app/Sources/C/C.swift",
    "/repo/app/Sources/tool/main.swift", "/repo/lib/Sources/B/B.swift", "/repo/lib/Sources/D/D.swift",
  ]

  func testWithoutAStampOnlyTheModulesTheRunnerProductCompilesGo() {
    let now = fingerprint(graph(), files: Dictionary(uniqueKeysWithValues: Self.sources.map { ($0, "1") }))
    for force in [false, true] {
      let plan = RunnerRebuildPlan.plan(last: nil, now: now, outputs: [], force: force, root: root)
      XCTAssertEqual(
        plan.modules, ["replay_runner", "A", "B"], "C, tool and D are not replay-runner's (force: \(force))")
      XCTAssertFalse(plan.everything)
    }
  }

  func testWithAStampAChangedModuleTheRunnerDoesNotCompileKeepsItsProducts() {
    let before = Dictionary(uniqueKeysWithValues: Self.sources.map { ($0, "1") })
    var after = before
    for source in Self.sources { after[source] = "2" }
    let last = RunnerBuildStamp.Record(
      status: .trusted, inputs: fingerprint(graph(), files: before).entries, outputs: [])
    let plan = RunnerRebuildPlan.plan(
      last: last, now: fingerprint(graph(), files: after), outputs: [], force: false, root: root)
    XCTAssertEqual(plan.modules, ["replay_runner", "A", "B"])
    XCTAssertTrue(plan.reason.hasPrefix("app/Sources/A/A.swift changed (and 5 more)"), plan.reason)
    let forced = RunnerRebuildPlan.plan(
      last: last, now: fingerprint(graph(), files: before), outputs: [], force: true, root: root)
    XCTAssertEqual(forced.modules, ["replay_runner", "A"], "--rebuild: the runner package's own modules it compiles")
  }

  /// When the description cannot tell what the runner compiles, nothing is left out.
  func testWhenAPackagesProductsAreUnknownEveryModuleOfTheGraphGoes() {
    let now = fingerprint(graph(products: nil), files: [:])
    let plan = RunnerRebuildPlan.plan(last: nil, now: now, outputs: [], force: false, root: root)
    XCTAssertEqual(plan.modules, ["replay_runner", "A", "C", "tool", "B", "D"])
    XCTAssertNil(graph(products: ["Lib": ["Missing"]]).modules(building: "replay-runner"), "a target it lacks")
    XCTAssertNil(graph().modules(building: "other-runner"), "no such product")
  }

  /// What SwiftPM says (`swift package describe --type json`) is kept with its dependencies, and a
  /// cache of the older format (without them) is read as empty, so the package is described again.
  func testTheDescribeCacheKeepsEachTargetsDependenciesAndEachProductsTargets() throws {
    let describe = #"""
      {"dependencies":[{"identity":"lib","path":"/repo/lib","type":"fileSystem"}],
       "products":[{"name":"replay-runner","targets":["replay-runner"],"type":{"executable":null}}],
       "targets":[{"c99name":"replay_runner","name":"replay-runner","path":"Sources/replay-runner",
                   "product_dependencies":["Lib"],"target_dependencies":["A"],"type":"executable"},
                  {"c99name":"A","name":"A","path":"Sources/A","type":"library"}]}
      """#
    let entry = try XCTUnwrap(DescribeCache.Entry(describe: Data(describe.utf8), key: "k"))
    XCTAssertEqual(entry.products, ["replay-runner": ["replay-runner"]])
    XCTAssertEqual(
      entry.targets,
      [
        DescribeCache.Target(
          module: "replay_runner", name: "replay-runner", folder: "Sources/replay-runner", targets: ["A"],
          products: ["Lib"]),
        DescribeCache.Target(module: "A", name: "A", folder: "Sources/A"),
      ])
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("describe-\(UUID().uuidString).json").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    DescribeCache(packages: ["/repo/app": entry]).write(file)
    XCTAssertEqual(DescribeCache.read(file).packages["/repo/app"], entry)
    try Data(
      #"{"packages":{"/repo/app":{"dependencies":[],"key":"k","targets":[["A","Sources/A"]]}},"version":1}"#.utf8
    )
    .write(to: URL(fileURLWithPath: file))
    XCTAssertEqual(DescribeCache.read(file), DescribeCache())
    let plugin = describe.replacingOccurrences(of: #""type":"library""#, with: #""type":"plugin""#)
    XCTAssertNil(
      try XCTUnwrap(DescribeCache.Entry(describe: Data(plugin.utf8), key: "k")).products,
      "a plugin's tools are compiled too: what a product compiles cannot be told")
  }
}
