import Foundation
import TestSupport
import XCTest

/// A test that builds a throwaway runner package with the real `swift`: skipped when real builds
/// are not wanted (``TemporaryRepository/requireRealBuilds()``). `handOver` is the built
/// misbehaving-runner the package's `replay-runner` hands over to.
///
/// XCTest keeps test case objects alive for the whole run, so the repository a test `keep`s is
/// dropped in `tearDown`, which removes it from disk right away.
class RunnerPackageTestCase: XCTestCase {
  private var repository: TemporaryRepository?
  var handOver = ""

  override func setUpWithError() throws {
    try super.setUpWithError()
    try TemporaryRepository.requireRealBuilds()
    handOver = try BuiltProducts.executable(named: "misbehaving-runner").path
  }

  override func tearDown() {
    repository = nil
    super.tearDown()
  }

  /// Holds `repository` until the test ends; returns it.
  func keep(_ repository: TemporaryRepository) -> TemporaryRepository {
    self.repository = repository
    return repository
  }
}
