import DuetCore
import DuetTelemetry

/// The benchmark feature's state: realistic in size (a few dozen fields of every dialect kind),
/// so the benchmark measures coding and comparison of states like an app's, not of toy counters.
public struct BenchState: Codable, Equatable, Sendable {
  public var id: String
  public var title: String
  public var subtitle: String
  public var owner: BenchPerson
  public var reviewer: BenchPerson?
  public var counter: Int
  public var total: Int64
  public var budgetCents: Int64
  public var revision: Int
  public var isPublished: Bool
  public var isArchived: Bool
  public var isLocked: Bool
  public var locale: String
  public var currency: String
  public var region: String
  public var tags: [String]
  public var items: [BenchItem]
  public var selection: String?
  public var mode: BenchMode
  public var lastCheckout: BenchReceipt?
  public var history: [Int]
  public var notes: String
}

/// A person reference inside the state.
public struct BenchPerson: Codable, Equatable, Sendable {
  public var id: String
  public var displayName: String
  public var email: String
  public var level: Int
}

/// One line item; the state holds a list of twenty.
public struct BenchItem: Codable, Equatable, Sendable {
  public var id: String
  public var name: String
  public var quantity: Int
  public var priceCents: Int64
  public var isChecked: Bool
  public var badge: String?
}

/// The receipt of the last checkout.
public struct BenchReceipt: Codable, Equatable, Sendable {
  public var itemCount: Int
  public var totalCents: Int64
  public var revision: Int
}

/// A sum type in the state.
public enum BenchMode: Equatable, Sendable, CanonicalSumCodable {
  case browsing
  case editing(field: String, draft: String)
  case reviewing(BenchPerson)
}
