import Foundation
import TestSupport
import XCTest

/// The runner package's products folder is shared with whatever else is built there — an app that
/// runs duet-verify from a path dependency (`swift run duet-verify`) compiles duet-verify into the
/// same `.build` — so the runner build removes only the products of modules the `replay-runner`
/// product compiles: never another module's, or the next `swift run` compiles that one again for
/// minutes. (A real build with the real `swift`; docs/commands.md, "The runner".)
final class RunnerSharedProductsEndToEndTests: RunnerPackageTestCase {
  func testAFirstAndAForcedRunnerBuildLeaveTheProductsOfAModuleTheRunnerDoesNotUse() throws {
    let source = "public let handOver = \"\(handOver)\"\npublic let platform = \"swift\"\n"
    let repository = keep(try TemporaryRepository.withRunnerPackage(marker: source))
    // The path dependency also has a module the runner does not use (duet-verify's own, for an app),
    // already compiled into the runner package's products folder by another build.
    try repository.write("marker/Package.swift", Self.markerManifest)
    try repository.write("marker/Sources/Unrelated/Unrelated.swift", "public let unrelated = 1\n")
    let duetVerify = try BuiltProducts.executable(named: "duet-verify")
    // SwiftPM makes `.build/debug` a link to the platform's folder on its first build: one build first.
    XCTAssertEqual(try CommandRun.run(duetVerify, ["verify"], in: repository.root, deadline: 1800).code, 0)
    let object = "runner/.build/debug/Unrelated.build/Unrelated.swift.o"
    let module = "runner/.build/debug/Modules/Unrelated.swiftmodule"
    try repository.write(object, "compiled by another build\n")
    try repository.write(module, "compiled by another build\n")
    // No stamp, as when `swift run duet-verify` compiled duet-verify there before the runner's first build.
    try FileManager.default.removeItem(
      at: repository.root.appendingPathComponent("runner/.build/duet-verify-runner.stamp"))

    let marker = repository.root.appendingPathComponent("runner/.build/debug/Marker.build/Marker.swift.o").path
    let compiled = { try? FileManager.default.attributesOfItem(atPath: marker)[.modificationDate] as? Date }
    let before = compiled()
    for extra in [[], ["--rebuild"]] {
      let run = try CommandRun.run(duetVerify, ["verify"] + extra, in: repository.root, deadline: 1800)
      XCTAssertEqual(run.code, 0, run.all)
      XCTAssertTrue(
        run.out.contains(extra.isEmpty ? "rebuilt: no build of it recorded yet" : "rebuilt: --rebuild"), run.all)
      for path in [object, module] {
        XCTAssertEqual(
          try? repository.read(path), "compiled by another build\n",
          "\(path) belongs to a module replay-runner does not compile, so it must survive \(extra): \(run.all)")
      }
      if extra.isEmpty {
        XCTAssertNotEqual(compiled(), before, "without a stamp, a module the runner uses is compiled afresh")
      }
    }
  }

  static let markerManifest = """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "marker",
      products: [
        .library(name: "Marker", targets: ["Marker"]),
        .library(name: "Unrelated", targets: ["Unrelated"]),
      ],
      targets: [.target(name: "Marker"), .target(name: "Unrelated")]
    )

    """
}
