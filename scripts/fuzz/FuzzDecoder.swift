// libFuzzer target: the canonical decoder over arbitrary trees into a sample of feature-shaped types.
// Properties: never crash; whatever decodes re-encodes to a tree that decodes to the same value.
import DuetCore
import Foundation

enum FuzzPath: Hashable, CanonicalSumCodable { case ceremony, safetyNet }
enum FuzzDelegate: Hashable, CanonicalSumCodable { case completed(path: FuzzPath) }
enum FuzzPayload: Hashable, Sendable, CanonicalSumCodable {
  case armSafetyNet(afterMillis: Int64)
  case notifyListener(FuzzDelegate)
  case dim(Int)
  case clear
}
enum FuzzPage: String, Codable { case welcome, safety, done }
extension FuzzDelegate: Sendable {}
extension FuzzPath: Sendable {}

struct FuzzItem: Codable, Equatable {
  var id: UUID
  var title: String
  var tags: [String]
  var when: Date?
}

struct FuzzState: Codable, Equatable {
  var count: Int
  var name: String?
  var items: [FuzzItem]
  var flags: [String: Bool]
  var mode: FuzzPayload?
  var seen: [FuzzPage: Bool]?
  var marks: Set<FuzzPayload>?
}

func roundTrip<T: Codable & Equatable>(_ type: T.Type, _ tree: JSONValue) {
  guard let value = try? CanonicalDecoder().decode(type, from: tree, root: "x") else { return }
  guard let encoded = try? CanonicalEncoder().encode(value, root: "x") else {
    fatalError("a decoded \(type) does not re-encode")
  }
  guard let back = try? CanonicalDecoder().decode(type, from: encoded, root: "x"), back == value else {
    fatalError("\(type) does not round-trip")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let tree = try? JSONParser().parse(UnsafeBufferPointer(start: data, count: size)) else { return 0 }
  roundTrip(FuzzState.self, tree)
  roundTrip(Effect<FuzzPayload>.self, tree)
  roundTrip([Effect<FuzzPayload>].self, tree)
  roundTrip(FuzzPayload.self, tree)
  roundTrip([FuzzPage: Set<Int>].self, tree)
  roundTrip(Set<Set<String>>.self, tree)
  return 0
}
