import Foundation

/// Manifests the tests read as data: `Tests/Fixtures/manifests/<name>.yaml`, each typed once and
/// read byte for byte (a byte-order mark, CR line ends and tabs included), so the inputs of a table
/// of cases stay readable as the files a user writes.
public enum ManifestFixtures {
  /// `Tests/Fixtures/manifests`.
  public static let folder = SharedReference.repositoryRoot.appendingPathComponent("Tests/Fixtures/manifests")

  /// The text of `Tests/Fixtures/manifests/<name>.yaml`; ``Unreadable`` when there is no such file.
  public static func text(_ name: String) throws(Unreadable) -> String {
    let path = folder.appendingPathComponent(name + ".yaml").path
    guard let data = FileManager.default.contents(atPath: path) else { throw Unreadable(name: name) }
    return String(decoding: data, as: UTF8.self)
  }

  /// The text of `Tests/Fixtures/manifests/<name>.yaml`, or the sentence saying it cannot be read:
  /// for the manifests every reader of which expects it accepted (the sentence is not a manifest).
  public static func textOrSentence(_ name: String) -> String {
    do { return try text(name) } catch { return error.description }
  }

  /// A manifest a test asked for is not under `Tests/Fixtures/manifests/`.
  public struct Unreadable: Error, CustomStringConvertible, Equatable, Sendable {
    /// The name asked for, without `.yaml`.
    public var name: String

    public var description: String {
      "Tests/Fixtures/manifests/\(name).yaml cannot be read: write the manifest there (one file a manifest), "
        + "or correct the name the test asks for"
    }
  }
}
