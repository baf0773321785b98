"""The dashboard walk's later pages (dashboard_walk.py calls these with its own helpers):
a webhook event's attempts and its resend, an endpoint's secret rotation, the payment
settings form, an API client's permissions, and the disputes."""
import json
import os
import tempfile
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def deliveries(path, event_type):
    """The receiver's verified deliveries of `event_type`."""
    with open(path) as f:
        return [l for l in (json.loads(line) for line in f) if l["type"] == event_type and l["verified"]]


def webhook_event(w, received_path):
    """From the webhooks page: the refund's event page shows its attempt; a resend reaches
    the receiver again with the same event id."""
    w.driver.get(f"{w.base}/dashboard/webhooks")
    w.navigate(w.driver.find_element(By.LINK_TEXT, "transaction.refunded"))
    body = w.text()
    w.expect("Deliveries and attempts" in body and "delivered" in body and "200" in body, "the event's page shows its attempt")
    w.shot("webhook-event")
    first = deliveries(received_path, "transaction.refunded")
    w.navigate(w.driver.find_element(By.ID, "resend"))
    w.expect("Sent again" in w.text(), "the resend is confirmed")
    WebDriverWait(w.driver, 30, poll_frequency=0.5).until(lambda _: len(deliveries(received_path, "transaction.refunded")) > len(first))
    again = deliveries(received_path, "transaction.refunded")
    w.expect(again[-1]["id"] == first[-1]["id"], "the resent delivery carries the same event id")


def rotate_secret(w, secret_path, received_path):
    """Rotates the endpoint's secret after a confirmation; the receiver checks the next
    delivery with the new secret."""
    w.driver.get(f"{w.base}/dashboard/webhooks")
    w.navigate(w.driver.find_element(By.CSS_SELECTOR, "button[id^=rotate-]"))
    w.expect("a new signing secret?" in w.text(), "rotating asks first")
    w.shot("confirm-rotate-secret")
    w.navigate(w.driver.find_element(By.ID, "confirm"))
    secret = w.driver.find_element(By.CSS_SELECTOR, "#secret code").text
    w.expect(secret.startswith("whsec_"), "the new secret is shown once")
    with open(secret_path, "w") as f:
        f.write(secret)
    before = len(deliveries(received_path, "transaction.refunded"))
    w.driver.get(f"{w.base}/dashboard/webhooks")
    w.navigate(w.driver.find_element(By.LINK_TEXT, "transaction.refunded"))
    w.navigate(w.driver.find_element(By.ID, "resend"))
    WebDriverWait(w.driver, 30, poll_frequency=0.5).until(lambda _: len(deliveries(received_path, "transaction.refunded")) > before)
    w.expect(deliveries(received_path, "transaction.refunded")[-1]["verified"], "a delivery after the rotation verifies with the new secret")


def settings(w):
    """A bad value is refused with the API's words; a good one is saved."""
    w.driver.get(f"{w.base}/dashboard/settings")
    tax = w.driver.find_element(By.ID, "taxRate")
    tax.clear()
    tax.send_keys("abc")
    w.navigate(w.driver.find_element(By.ID, "save-settings"))
    w.expect("Not saved:" in w.text() and "taxRate" in w.text(), "a bad tax rate is refused, naming the field")
    tax = w.driver.find_element(By.ID, "taxRate")
    tax.clear()
    tax.send_keys("8.875")
    tips = w.driver.find_element(By.ID, "defaultTipsOptions")
    tips.clear()
    tips.send_keys("15, 18, 20")
    w.navigate(w.driver.find_element(By.ID, "save-settings"))
    w.expect("Saved." in w.text(), "the settings are saved")
    w.expect(w.driver.find_element(By.ID, "taxRate").get_attribute("value") == "8.875", "the saved tax rate is shown")
    w.shot("settings")


def client_permissions(w):
    """An API client's page: one permission removed and saved."""
    w.driver.get(f"{w.base}/dashboard/clients")
    w.navigate(w.driver.find_element(By.CSS_SELECTOR, "tbody td a"))
    box = w.driver.find_element(By.ID, "p.hostedInvoices")
    if box.is_selected():
        box.click()
    w.navigate(w.driver.find_element(By.ID, "save-permissions"))
    w.expect("Saved:" in w.text() and not w.driver.find_element(By.ID, "p.hostedInvoices").is_selected(), "the permission is removed")
    w.shot("client-permissions")


def receipt(w, payment_url):
    """The payment's receipt: linked from its page, the amounts and the card, and as printed
    (print styles: the link back is not printed, nothing but the receipt)."""
    w.driver.get(payment_url)
    w.navigate(w.driver.find_element(By.LINK_TEXT, "Receipt"))
    body = w.text()
    w.expect("PURCHASE APPROVED" in body.upper() and "$25.00" in body and "4242" in body, "the receipt shows the decision, total and card")
    w.expect("Refunded\n$7.00" in body or "Refunded $7.00" in body, "the receipt's totals count the refund")
    w.expect(not w.driver.find_elements(By.TAG_NAME, "nav"), "the receipt is alone on its page")
    w.shot("receipt")
    w.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    back = w.driver.find_element(By.CSS_SELECTOR, ".actions")
    w.expect(not back.is_displayed(), "printing leaves out the link back")
    border = w.driver.execute_script("return getComputedStyle(document.querySelector('.receipt')).borderTopStyle")
    w.expect(border == "none", f"the printed receipt has no frame (border {border})")
    w.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    w.navigate(w.driver.find_element(By.LINK_TEXT, "Back to the payment"))
    w.expect(w.driver.current_url == payment_url, "the link leads back to the payment")


def locale(w):
    """The merchant's locale and time zone on every page: German money, Tokyo times; then back."""
    def save(locale_tag, slots):
        w.driver.get(f"{w.base}/dashboard/settings")
        for field, value in (("locale", locale_tag), ("settlementBatchTimeSlots", slots)):
            box = w.driver.find_element(By.ID, field)
            box.clear()
            box.send_keys(value)
        w.navigate(w.driver.find_element(By.ID, "save-settings"))
        w.expect("Saved." in w.text(), f"the locale {locale_tag or '(none)'} is saved")
    save("de-DE", "23:00 Asia/Tokyo")
    w.driver.get(f"{w.base}/dashboard")
    body = w.text()
    w.expect("Times in Asia/Tokyo" in body, "the header names the merchant's time zone")
    w.expect("25,00\u00a0$" in body or "25,00 $" in body, "money in German: decimal comma, sign after")
    w.shot("payments-de")
    save("", "23:00 UTC")
    w.driver.get(f"{w.base}/dashboard")
    w.expect("$25.00" in w.text() and "Times in UTC" in w.text(), "back to en-US in UTC")


def team(w):
    """An admin invites a teammate; the link, opened in a browser with no session, lets them
    choose a password and signs them in; the admin then removes them after a confirmation."""
    w.driver.get(f"{w.base}/dashboard/team")
    w.driver.find_element(By.ID, "email").send_keys("newcomer@tapline.local")
    w.navigate(w.driver.find_element(By.ID, "invite"))
    link = w.driver.find_element(By.ID, "invitation-link").text
    w.expect("/dashboard/invitation/" in link, "the invitation's link is shown")
    w.shot("team-invited")
    w.driver.refresh()
    w.expect(link not in w.driver.page_source, "a reload does not show the link again")
    w.driver.delete_all_cookies()
    w.driver.get(link)
    w.expect("newcomer@tapline.local (viewer)" in w.text(), "the link names who is invited")
    for field in ("password", "repeat"):
        w.driver.find_element(By.ID, field).send_keys("a new teammate's secret")
    w.navigate(w.driver.find_element(By.ID, "accept"))
    w.expect(w.driver.find_elements(By.TAG_NAME, "h1")[0].text == "Payments", "the newcomer is signed in")
    w.driver.get(link)
    w.expect("expired or was used" in w.text(), "the link works once")
    w.driver.delete_all_cookies()
    w.sign_in(*w.admin)
    w.driver.get(f"{w.base}/dashboard/team")
    row = next(r for r in w.driver.find_elements(By.CSS_SELECTOR, "tbody tr") if "newcomer@tapline.local" in r.text)
    w.expect("active" in row.text, "the newcomer is active")
    w.shot("team")
    w.navigate(row.find_element(By.CSS_SELECTOR, "button[id^=remove-]"))
    w.expect("Remove newcomer@tapline.local from the team?" in w.text(), "removing asks first")
    w.navigate(w.driver.find_element(By.ID, "confirm"))
    w.expect("newcomer@tapline.local" not in w.text(), "the newcomer is removed")


def disputes(w):
    """The simulator's dispute of the disputed test card's sale (it comes a few seconds after
    the sale) and the imported one: evidence with a file for the first, acceptance (asked
    first) for the second, whose payment then shows the money taken back."""
    w.driver.get(f"{w.base}/dashboard/disputes")
    def both(_):
        w.driver.refresh()
        return "10.4" in w.text() and "13.1" in w.text()
    WebDriverWait(w.driver, 30, poll_frequency=1).until(both)
    w.expect("$42.00" in w.text() and "$18.00" in w.text(), "the list shows both disputes with their amounts")
    w.shot("disputes")
    row = w.driver.find_element(By.XPATH, "//tr[td[normalize-space()='10.4']]")
    w.navigate(row.find_element(By.CSS_SELECTOR, "a[href*='/dashboard/disputes/']"))
    w.expect("needsResponse" in w.text() and "Respond by" in w.text(), "the simulator's dispute needs a response")
    w.driver.find_element(By.ID, "evidence-text").send_keys("Shipped with tracking 1Z999; signed for on delivery.")
    proof = os.path.join(tempfile.mkdtemp(), "delivery-proof.pdf")
    with open(proof, "wb") as f:
        f.write(b"%PDF-1.4\n% a delivery proof\n")
    w.driver.find_element(By.ID, "evidence-files").send_keys(proof)
    w.navigate(w.driver.find_element(By.ID, "submit-evidence"))
    body = w.text()
    w.expect("underReview" in body and "delivery-proof.pdf" in body and "signed for on delivery" in body,
             "the evidence and its file are on the dispute's page")
    w.shot("dispute-evidence")
    answered = w.driver.current_url.split("/dashboard/", 1)[1]

    w.driver.get(f"{w.base}/dashboard/disputes")
    row = w.driver.find_element(By.XPATH, "//tr[td[normalize-space()='13.1']]")
    w.navigate(row.find_element(By.CSS_SELECTOR, "a[href*='/dashboard/disputes/']"))
    w.navigate(w.driver.find_element(By.ID, "accept-dispute"))
    w.expect("give back $18.00?" in w.text(), "accepting asks first")
    w.shot("confirm-accept-dispute")
    w.navigate(w.driver.find_element(By.ID, "confirm"))
    w.expect(w.driver.find_element(By.ID, "dispute-status").text == "accepted", "the dispute is accepted")
    w.shot("dispute-accepted")
    w.navigate(w.driver.find_element(By.ID, "dispute-payment"))
    body = w.text()
    w.expect("Disputed" in body and "charged back" in body, "the payment shows its dispute and the money taken back")
    return answered
