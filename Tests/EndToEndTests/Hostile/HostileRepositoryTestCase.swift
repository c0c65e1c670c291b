import Foundation
import TestSupport
import XCTest

/// What the hostile-repository tests share: a counter corpus, a folder outside it that links point
/// at (checked unchanged afterwards), and `verify` with the demo runner.
class HostileRepositoryTestCase: XCTestCase {
  var repository: TemporaryRepository!
  var outside: OutsideFolder!
  var runner: String!

  override func setUpWithError() throws {
    repository = try TemporaryRepository.counterCorpus(chain: false)
    outside = try OutsideFolder()
    runner = try BuiltProducts.executable(named: "demo-runner").path
  }

  func verify(_ extra: [String] = []) throws -> CommandRun {
    try repository.verify(["verify", "--runner", runner] + extra)
  }
}
