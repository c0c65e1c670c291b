import DuetCore
import DuetScenario

/// The gate's behaviour: both providers sign in and are counted by kind; a refused, invalid,
/// repeated or late attempt counts nothing.
let signInScenario = Scenario(
  signInFeature,
  description: "The sign-in gate asks the auth port for an email or a guest session. A signed-in answer tracks "
    + "Session Signed In with the kind of provider (never the address) before telling the host; a refused "
    + "answer, an invalid address, a repeated attempt or a late answer tracks nothing."
) {
  Given(SignInState())

  Branch("email signs in") {
    When("the address is typed", .emailChanged("ada@example.com"))
    When("the address is submitted", .emailSubmitted)
    Then("an email attempt is pending") { $0.pending == .email && $0.failure == nil }
    ThenEffects("the auth port is asked, under the attempt's id") {
      $0 == [.run(.authenticate(.email(address: "ada@example.com")), id: SignInEffectIDs.auth)]
    }
    When("the auth port signs in an account that needs onboarding", .authAnswered(.signedIn(needsOnboarding: true)))
    Then("nothing is pending") { $0.pending == nil && $0.failure == nil }
    ThenEffects("the session is counted by kind, then the host is told") {
      $0 == signedIn(.email, needsOnboarding: true)
    }
  }

  Branch("guest signs in") {
    When("the guest button is tapped", .guestTapped)
    Then("a guest attempt is pending") { $0.pending == .guest }
    ThenEffects("the auth port is asked for a guest session") {
      $0 == [.run(.authenticate(.guest), id: SignInEffectIDs.auth)]
    }
    When("the auth port signs the guest in", .authAnswered(.signedIn(needsOnboarding: false)))
    Then("nothing is pending") { $0.pending == nil }
    ThenEffects("the session is counted as a guest's, then the host is told") {
      $0 == signedIn(.guest, needsOnboarding: false)
    }
  }

  Branch("refused sign-in tracks nothing") {
    When("the address is typed", .emailChanged("ada@example.com"))
    When("the address is submitted", .emailSubmitted)
    When("the auth port refuses", .authAnswered(.refused))
    Then("the refusal is shown, nothing pending") { $0.failure == .refused && $0.pending == nil }
    ThenEffects("nothing: a refused attempt is not a session") { $0.isEmpty }
    When("the address is submitted again", .emailSubmitted)
    Then("a new attempt, the refusal cleared") { $0.pending == .email && $0.failure == nil }
    When("the auth port refuses again", .authAnswered(.refused))
    When("the address is edited", .emailChanged("ada@example.org"))
    Then("the refusal clears") { $0.failure == nil && $0.email == "ada@example.org" }
  }

  Branch("invalid address never asks") {
    When("an address without a domain is typed", .emailChanged("ada"))
    When("it is submitted", .emailSubmitted)
    Then("the form says why, nothing pending") { $0.failure == .invalidAddress && $0.pending == nil }
    ThenEffects("nothing: the port is never asked") { $0.isEmpty }
    When("an address with two @ is typed", .emailChanged("ada@@example.com"))
    When("it is submitted", .emailSubmitted)
    Then("refused too: an empty part between the @s") { $0.failure == .invalidAddress && $0.pending == nil }
    When("the guest button is tapped instead", .guestTapped)
    Then("a guest attempt, the form's failure cleared") { $0.pending == .guest && $0.failure == nil }
  }

  Branch("repeat attempt inert") {
    When("the address is typed", .emailChanged("ada@example.com"))
    When("the address is submitted", .emailSubmitted)
    When("the guest button is tapped while the attempt is pending", .guestTapped)
    Then("still the email attempt") { $0.pending == .email }
    ThenEffects("nothing: one attempt at a time") { $0.isEmpty }
    When("the address is submitted again", .emailSubmitted)
    ThenEffects("nothing again") { $0.isEmpty }
  }

  Branch("late answer inert") {
    When("an answer arrives with nothing pending", .authAnswered(.signedIn(needsOnboarding: false)))
    Then("the form is untouched") { $0 == SignInState() }
    ThenEffects("nothing: no attempt, no session") { $0.isEmpty }
  }
}

/// What a signed-in answer emits: the event by provider kind, then the delegate event.
private func signedIn(_ provider: SignInProvider, needsOnboarding: Bool) -> [Effect<SignInEffectPayload>] {
  [
    .track(SignInEvents.signedIn(provider: provider)),
    .run(.notifyListener(.signedIn(needsOnboarding: needsOnboarding))),
  ]
}
