"""Deals, the cashier, receipts and the bounty board, under /t/<id>/."""

from django.urls import path

from tournament.views import money

urlpatterns = [
    path("deal/", money.deal_page, name="deal_page"),
    path("deal/undo/", money.deal_undo_view, name="deal_undo"),
    path("deal/sheet/", money.deal_sheet, name="deal_sheet"),
    path("cashier/", money.cashier_page, name="cashier"),
    path("cashier/<slug:kind>/<int:item_id>/paid/", money.pay, name="cashier_pay"),
    path("receipts/<int:payment_id>/", money.receipt, name="receipt"),
    path("bounties/", money.bounties_board, name="bounties_board"),
]
