import DuetCore
import DuetTelemetry

// Home: the user's items and an insights card. On a free account the card is locked: tapping it
// opens the upgrade offer, the one screen product counts.

/// The ids the home screen's effects run under.
enum HomeEffectIDs {
  /// One load of the items in flight at a time.
  static let items: EffectID = "home.items"
}

// MARK: - State

/// The items on screen, the account's entitlement, and what is presented over the list.
struct HomeState: Equatable, Codable, Sendable {
  var entitlement: Entitlement = .free
  var items: [HomeItem] = []
  /// The items port is answering a load.
  var isLoading = false
  /// The sheet over the list; `nil` when none.
  var presented: HomePresentation?
}

/// What the account may open.
enum Entitlement: Equatable, Sendable, CanonicalSumCodable {
  case free
  case premium
}

/// One row of the list.
struct HomeItem: Equatable, Codable, Sendable {
  var id: String
  var title: String
}

/// The sheets the home screen presents.
enum HomePresentation: Equatable, Sendable, CanonicalSumCodable {
  /// The insights themselves (premium).
  case insights
  /// The upgrade offer, in place of locked insights.
  case promo
}

// MARK: - Actions

/// What reaches the home screen: the shell's reports and taps, and the ports' answers.
enum HomeAction: Equatable, Sendable, CanonicalSumCodable {
  case appeared
  /// The items port answered the load.
  case itemsLoaded([HomeItem])
  /// The entitlement stream reported a change.
  case entitlementChanged(Entitlement)
  case insightsTapped
  /// The offer's call to action.
  case upgradeTapped
  case dismissed
}

/// What the home screen tells its host.
enum HomeDelegateEvent: Equatable, Sendable, CanonicalSumCodable {
  /// The user accepted the offer: the host presents the upgrade flow.
  case upgradeRequested
}

// MARK: - Reducer

/// Loads the items, opens insights or the offer, and hands an accepted offer to the host.
func homeReducer(state: inout HomeState, action: HomeAction) -> [Effect<HomeEffectPayload>] {
  switch action {
  case .appeared:
    guard !state.isLoading else { return [] }
    state.isLoading = true
    return [.run(.loadItems, id: HomeEffectIDs.items)]

  case .itemsLoaded(let items):
    guard state.isLoading else { return [] }
    state.isLoading = false
    state.items = items
    return []

  case .entitlementChanged(let entitlement):
    state.entitlement = entitlement
    if entitlement == .premium, state.presented == .promo { state.presented = nil }
    return []

  case .insightsTapped:
    guard state.presented == nil else { return [] }
    if state.entitlement == .premium {
      state.presented = .insights
      return []
    }
    // A locked card tapped, the offer shown: the one screen product counts.
    state.presented = .promo
    return [.track(HomeEvents.promoViewed)]

  case .upgradeTapped:
    guard state.presented == .promo else { return [] }
    state.presented = nil
    return [.run(.notifyListener(.upgradeRequested))]

  case .dismissed:
    state.presented = nil
    return []
  }
}

// MARK: - Effects

/// What the home screen asks the outside world to do, as data.
enum HomeEffectPayload: Equatable, Sendable, CanonicalSumCodable, TrackingEffectPayload {
  /// Ask the items port for the list; it answers with `itemsLoaded`.
  case loadItems
  /// Forward an analytics event to the app's sinks.
  case track(event: TrackedEvent)
  /// Hand a delegate event to the host.
  case notifyListener(HomeDelegateEvent)
}
