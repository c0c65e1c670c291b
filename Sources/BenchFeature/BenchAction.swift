import DuetCore
import DuetTelemetry

/// What can happen to the benchmark feature.
public enum BenchAction: Equatable, Sendable, CanonicalSumCodable {
  case increment(by: Int)
  case rename(String)
  case toggleItem(index: Int)
  case select(id: String?)
  case setMode(BenchMode)
  case addTag(String)
  case checkout
}

/// What the benchmark feature asks of the outside world; `track` carries analytics.
public enum BenchEffectPayload: Equatable, Sendable, CanonicalSumCodable, TrackingEffectPayload {
  case persist(revision: Int)
  case track(event: TrackedEvent)
  case notifyListener(BenchDelegate)
}

/// What the benchmark feature tells its host.
public enum BenchDelegate: Equatable, Sendable, CanonicalSumCodable {
  case checkedOut(totalCents: Int64)
}
