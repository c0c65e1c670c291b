import XCTest

/// A repository folder and a second folder outside it, for the tests that links, pipes and `..`
/// never lead a read from one into the other.
class ContainmentTestCase: FolderTestCase {
  /// A folder that is not the repository: where a hostile link points.
  var outside: TemporaryFolder!

  /// The repository the manifest and recordings live in.
  var repository: TemporaryFolder { folder }

  override func setUpWithError() throws {
    try super.setUpWithError()
    outside = try makeFolder()
  }
}
