/// The counter's actions, with the hand-written `case` envelope coding Duet generates for a sum.
enum ShapedCounterAction: Codable {
  case increment
  case decrement
  case tick
  case toggleAutoIncrement

  enum CodingKeys: String, CodingKey {
    case `case`
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decode(String.self, forKey: .case) {
    case "increment": self = .increment
    case "decrement": self = .decrement
    case "tick": self = .tick
    case "toggleAutoIncrement": self = .toggleAutoIncrement
    case let other:
      throw DecodingError.dataCorruptedError(
        forKey: .case, in: container, debugDescription: "unknown counter action '\(other)'")
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .increment: try container.encode("increment", forKey: .case)
    case .decrement: try container.encode("decrement", forKey: .case)
    case .tick: try container.encode("tick", forKey: .case)
    case .toggleAutoIncrement: try container.encode("toggleAutoIncrement", forKey: .case)
    }
  }
}
