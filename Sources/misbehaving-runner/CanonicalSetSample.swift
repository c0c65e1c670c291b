import DuetCore

/// `--print-canonical-set`: one fixed value full of sets, printed in compact canonical form.
///
/// Swift seeds its hashing per process, so a set iterates in a different order in every run; a
/// test runs this twice and compares the bytes, which holds the encoder to the dialect's rule
/// that canonical bytes never depend on the process.
enum CanonicalSetSample {
  enum Mark: Hashable, Codable, CanonicalSumCodable {
    case clear
    case dim(Int)
  }

  struct Sample: Codable {
    var names: Set<String>
    var marks: Set<Mark>
    var groups: Set<Set<Int>>
  }

  static let value = Sample(
    names: Set((0..<64).map { "element-\($0)" }),
    marks: Set([Mark.clear] + (0..<16).map { Mark.dim($0) }),
    groups: Set((0..<8).map { group in Set((0..<4).map { group * 10 + $0 }) }))

  static func compact() -> String {
    (try? CanonicalEncoder().compact(value)) ?? "the sample does not encode"
  }
}
