import DuetCore
import DuetTelemetry

// The upgrade flow: choose a plan, confirm, and let the purchases port answer. Only a purchase
// the port confirms is counted; the entitlement itself arrives on its own stream, not here.

/// The ids the upgrade flow's effects run under.
enum UpgradeEffectIDs {
  /// One purchase in flight at a time.
  static let purchase: EffectID = "upgrade.purchase"
}

// MARK: - State

/// The flow's screen, the plan chosen and the purchase in flight.
struct UpgradeState: Equatable, Codable, Sendable {
  var step: UpgradeStep = .choosing
  /// The plan chosen; `nil` until one is.
  var plan: Plan?
  /// The purchases port is answering.
  var isPurchasing = false
  /// The last purchase failed; shown on the confirm screen.
  var purchaseFailed = false
}

/// The flow's screens, in order.
enum UpgradeStep: Equatable, Sendable, CanonicalSumCodable {
  case choosing
  case confirming
  case done
}

/// What can be bought.
enum Plan: Equatable, Sendable, CanonicalSumCodable {
  case monthly
  case yearly
}

// MARK: - Actions

/// What reaches the flow: its buttons and the purchases port's answer.
enum UpgradeAction: Equatable, Sendable, CanonicalSumCodable {
  case planSelected(Plan)
  case confirmTapped
  /// The purchases port answered the purchase in flight.
  case purchaseAnswered(PurchaseOutcome)
  case closeTapped
}

/// The purchases port's answer.
enum PurchaseOutcome: Equatable, Sendable, CanonicalSumCodable {
  case purchased(plan: Plan)
  /// The user cancelled the store's sheet.
  case cancelled
  case failed
}

/// What the flow tells its host.
enum UpgradeDelegateEvent: Equatable, Sendable, CanonicalSumCodable {
  /// The user left the flow, bought or not.
  case closed
}

// MARK: - Reducer

/// Chooses, confirms and purchases; tracks only a purchase the port answers `purchased`.
func upgradeReducer(state: inout UpgradeState, action: UpgradeAction) -> [Effect<UpgradeEffectPayload>] {
  switch action {
  case .planSelected(let plan):
    guard state.step != .done, !state.isPurchasing else { return [] }
    state.plan = plan
    state.step = .confirming
    state.purchaseFailed = false
    return []

  case .confirmTapped:
    guard state.step == .confirming, !state.isPurchasing, let plan = state.plan else { return [] }
    state.isPurchasing = true
    state.purchaseFailed = false
    return [.run(.purchase(plan: plan), id: UpgradeEffectIDs.purchase)]

  case .purchaseAnswered(let outcome):
    guard state.isPurchasing else { return [] }
    state.isPurchasing = false
    switch outcome {
    case .purchased(let plan):
      state.step = .done
      // The entitlement arrives on its own stream; the flow only counts the purchase.
      return [.track(UpgradeEvents.completed(plan: plan))]
    case .cancelled:
      return []
    case .failed:
      state.purchaseFailed = true
      return []
    }

  case .closeTapped:
    guard !state.isPurchasing else { return [] }
    return [.run(.notifyListener(.closed))]
  }
}

// MARK: - Effects

/// What the flow asks the outside world to do, as data.
enum UpgradeEffectPayload: Equatable, Sendable, CanonicalSumCodable, TrackingEffectPayload {
  /// Ask the purchases port to buy `plan`; it answers with `purchaseAnswered`.
  case purchase(plan: Plan)
  /// Forward an analytics event to the app's sinks.
  case track(event: TrackedEvent)
  /// Hand a delegate event to the host.
  case notifyListener(UpgradeDelegateEvent)
}
