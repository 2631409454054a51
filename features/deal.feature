Feature: Deal
  The dealer deals five cards to each player, one at a time, starting with the
  player to the dealer's left. The next card is turned face up to start the
  discard pile (the upcard). The rest of the deck, face down and in order, is the
  stock; it is never shuffled or rebuilt during the hand.

  In these scenarios the deck is given top first; the cards not named follow in
  new-deck order (clubs A to K, then diamonds, hearts and spades).

  Rule: DEAL-1 Five cards each

    @DEAL-1 @id.deal-one-at-a-time-2p
    Scenario: Two players: the cards alternate, starting with the dealer's left
      Given a 2-player hand dealt by seat 1
      And the deck, top first, starts with Ac 2d 3c 4d 5c 6d 7c 8d 9c Td Kh 6s
      When the hand is dealt
      Then the hand of seat 0 is Ac 3c 5c 7c 9c
      And the hand of seat 1 is 2d 4d 6d 8d Td
      And seat 0 is to act

    @DEAL-1 @id.deal-one-at-a-time-3p
    Scenario: Three players dealt by seat 0: seat 1 receives the first card
      Given a 3-player hand dealt by seat 0
      And the deck, top first, starts with Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad 2d 3d 4d
      When the hand is dealt
      Then the hand of seat 1 is Ac 4c 7c Tc Kc
      And the hand of seat 2 is 2c 5c 8c Jc Ad
      And the hand of seat 0 is 3c 6c 9c Qc 2d
      And seat 1 is to act

  Rule: DEAL-2 The upcard

    @DEAL-2 @OBS-1 @id.deal-upcard
    Scenario: The card after the hands starts the discard pile, face up
      Given a 2-player hand dealt by seat 1
      And the deck, top first, starts with Ac 2d 3c 4d 5c 6d 7c 8d 9c Td Kh 6s
      When the hand is dealt
      Then the discard pile shows Kh
      And the discard pile holds 1 card
      And seat 1 sees Kh on top of the discard pile

  Rule: DEAL-3 The stock

    @DEAL-3 @TURN-2 @id.deal-stock-in-order
    Scenario: The stock is the rest of the deck, drawn from the top in order
      Given a 2-player hand dealt by seat 1
      And the deck, top first, starts with Ac 2d 3c 4d 5c 6d 7c 8d 9c Td Kh 6s 5s
      When the hand is dealt
      Then the stock holds 41 cards
      When seat 0 draws from the stock
      Then the hand of seat 0 is Ac 3c 5c 7c 9c 6s
      When seat 0 discards Ac
      And seat 1 draws from the stock
      Then the hand of seat 1 is 2d 4d 6d 8d Td 5s
      And the stock holds 39 cards
