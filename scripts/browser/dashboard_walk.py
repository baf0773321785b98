#!/usr/bin/env python3
"""Walks the Tapline dashboard in a real Chromium through Selenium, as a merchant would:
sign in, find a payment by its reference, refund part of it and see the new status and
timeline, see the refund's webhook event and its attempt, resend it, rotate the endpoint's
secret, save the payment settings and a client's permissions, print the payment's receipt,
read the pages in German and another time zone, invite a teammate who joins through the
link and is then removed, answer one dispute with evidence and accept another, close the batch and check its
CSV, look at phone-sized pages, sign out; then a viewer's refund is refused. Saves a screenshot of each page when asked.

Usage: dashboard_walk.py BASE_URL ADMIN_EMAIL ADMIN_PASSWORD VIEWER_EMAIL VIEWER_PASSWORD REFERENCE [SCREENSHOT_DIR]
with WEBHOOK_URL, WEBHOOK_SECRET_FILE and WEBHOOK_DELIVERIES naming a running
scripts/webhook_receiver.py, which the walk registers as an endpoint through the dashboard.
Exits non-zero, saying which step, on the first surprise."""
import csv
import io
import json
import os
import sys
import types
import urllib.request

import dashboard_pages
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

base, admin, admin_password, viewer, viewer_password, reference = sys.argv[1:7]
shots = sys.argv[7] if len(sys.argv) > 7 else None
checks = 0


def expect(condition, what):
    global checks
    if not condition:
        sys.exit(f"browser: {what} (at {driver.current_url}):\n{driver.page_source[:2000]}")
    checks += 1


def shot(name):
    if shots:
        driver.save_screenshot(os.path.join(shots, f"{name}.png"))


def navigate(element):
    """Clicks `element` and waits for the page it leads to (the old page goes stale)."""
    page = driver.find_element(By.TAG_NAME, "html")
    element.click()

    def gone(_):
        # Mid-navigation Chromium may answer "Node with given id does not belong to the
        # document" instead of a stale-element error: both mean the old page is gone.
        try:
            page.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise

    WebDriverWait(driver, 15).until(gone)


def text():
    return driver.find_element(By.TAG_NAME, "body").text


def sign_in(email, password):
    driver.get(f"{base}/dashboard")
    expect("/dashboard/sign-in" in driver.current_url, "an unsigned visit goes to sign-in")
    driver.find_element(By.ID, "email").send_keys(email)
    driver.find_element(By.ID, "password").send_keys(password)
    navigate(driver.find_element(By.CSS_SELECTOR, "main button[type=submit]"))
    headings = driver.find_elements(By.TAG_NAME, "h1")
    expect(headings and headings[0].text == "Payments", f"{email} lands on the payments list")


options = webdriver.ChromeOptions()
options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900", "--force-device-scale-factor=1"):
    options.add_argument(flag)
driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
try:
    driver.get(f"{base}/dashboard/sign-in")
    shot("sign-in")
    driver.find_element(By.ID, "email").send_keys(admin)
    driver.find_element(By.ID, "password").send_keys("not the password")
    navigate(driver.find_element(By.CSS_SELECTOR, "main button[type=submit]"))
    expect("The email, password or code is not right" in text(), "a wrong password is refused, without saying which part")

    sign_in(admin, admin_password)
    shot("payments")

    # A webhook endpoint, added through the dashboard: its secret is shown once.
    navigate(driver.find_element(By.LINK_TEXT, "Webhooks"))
    driver.find_element(By.ID, "url").send_keys(os.environ["WEBHOOK_URL"])
    driver.find_element(By.ID, "events").send_keys("transaction.refunded")
    navigate(driver.find_element(By.ID, "add-endpoint"))
    secret = driver.find_element(By.CSS_SELECTOR, "#secret code").text
    expect(secret.startswith("whsec_"), "the new endpoint's secret is shown")
    with open(os.environ["WEBHOOK_SECRET_FILE"], "w") as f:
        f.write(secret)
    shot("webhooks-added")
    navigate(driver.find_element(By.LINK_TEXT, "Payments"))

    # Find the payment by its reference.
    driver.find_element(By.ID, "reference").send_keys(reference)
    navigate(driver.find_element(By.CSS_SELECTOR, "form.filters button"))
    expect("1 transactions" in text(), "the reference filter finds one payment")
    navigate(driver.find_element(By.CSS_SELECTOR, "tbody a"))
    expect(reference in text() and "captured" in text(), "the payment's page shows it captured")
    payment_url = driver.current_url
    shot("payment")

    # Refund part of it, through the confirmation page.
    driver.find_element(By.ID, "amount-refund").send_keys("7.00")
    navigate(driver.find_element(By.ID, "act-refund"))
    expect("Refund $7.00 on sale $25.00?" in text(), "the confirmation says what will happen, in the merchant's money")
    shot("confirm-refund")
    navigate(driver.find_element(By.ID, "confirm"))
    body = text()
    expect("Refund: done." in body and "$7.00" in body, "the refund is done and shown")
    timeline = driver.find_elements(By.CSS_SELECTOR, "section.card table tbody tr")
    expect(any("refund" in row.text and "approved" in row.text for row in timeline), "the timeline has the refund")
    expect(any("refunded $0.00 → $7.00" in row.text for row in timeline), "the timeline says what the refund changed")
    shot("payment-refunded")
    timeline_heading = next(h for h in driver.find_elements(By.TAG_NAME, "h2") if h.text == "Timeline")
    driver.execute_script("arguments[0].scrollIntoView()", timeline_heading)
    shot("payment-timeline")

    # The refund's webhook reaches the endpoint, signed, and the dashboard shows it delivered.
    def delivered(d):
        d.get(f"{base}/dashboard/webhooks")
        rows = d.find_elements(By.CSS_SELECTOR, "#deliveries tbody tr")
        return any("transaction.refunded" in row.text and "delivered" in row.text for row in rows)
    WebDriverWait(driver, 30, poll_frequency=1).until(delivered)
    shot("webhooks-delivered")
    with open(os.environ["WEBHOOK_DELIVERIES"]) as f:
        lines = [json.loads(line) for line in f]
    expect(any(l["type"] == "transaction.refunded" and l["verified"] for l in lines), "the receiver got the refund, signed")
    walk = types.SimpleNamespace(driver=driver, base=base, expect=expect, shot=shot, navigate=navigate, text=text, sign_in=sign_in,
                                 admin=(admin, admin_password))
    dashboard_pages.webhook_event(walk, os.environ["WEBHOOK_DELIVERIES"])
    dashboard_pages.rotate_secret(walk, os.environ["WEBHOOK_SECRET_FILE"], os.environ["WEBHOOK_DELIVERIES"])
    dashboard_pages.settings(walk)
    dashboard_pages.client_permissions(walk)
    dashboard_pages.receipt(walk, payment_url)
    dashboard_pages.locale(walk)
    dashboard_pages.team(walk)
    dispute_path = dashboard_pages.disputes(walk)
    driver.get(payment_url)

    # Close the batch and check its CSV.
    navigate(driver.find_element(By.LINK_TEXT, "Batches"))
    shot("batches-open")
    navigate(driver.find_element(By.ID, "close-batch"))
    expect("Close the open batch now?" in text(), "closing the batch asks first")
    navigate(driver.find_element(By.ID, "confirm"))
    expect("The batch was closed" in text(), "the batch closed")
    shot("batches-closed")
    link = driver.find_element(By.CSS_SELECTOR, "section.batch a[href$='/csv']").get_attribute("href")
    cookie = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())
    request = urllib.request.Request(link, headers={"Cookie": cookie})
    rows = list(csv.DictReader(io.StringIO(urllib.request.urlopen(request).read().decode())))
    payment_id = payment_url.rsplit("/", 1)[1]
    expect(any(r["id"] == payment_id and r["status"] == "captured" and r["amount"] == "25.00" and r["amount_requested"] == "25.00"
               for r in rows), "the CSV has the sale")
    expect(any(r["parent_id"] == payment_id and r["type"] == "refund" and r["amount"] == "-7.00" for r in rows),
           "the CSV has the refund, negative")
    expect(any(r["type"] == "chargeback" and r["amount"] == "-18.00" for r in rows), "the CSV has the accepted dispute's chargeback, negative")

    # A phone: nothing wider than the screen but the tables' own scrolling.
    driver.set_window_size(375, 812)
    driver.get(f"{base}/dashboard")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    expect(width <= 375, f"the payments list fits 375 px (scroll width {width})")
    shot("payments-phone")
    driver.get(payment_url)
    width = driver.execute_script("return document.documentElement.scrollWidth")
    expect(width <= 375, f"a payment's page fits 375 px (scroll width {width})")
    shot("payment-phone")
    for page in (f"payments/{payment_url.rsplit('/', 1)[1]}/receipt", "settings", "webhooks", "batches", "devices", "clients", "team", "password", "audit",
                 "disputes", dispute_path):
        driver.get(f"{base}/dashboard/{page}")
        width = driver.execute_script("return document.documentElement.scrollWidth")
        expect(width <= 375, f"the {page} page fits 375 px (scroll width {width})")
    shot("settings-phone")
    driver.set_window_size(1280, 900)

    navigate(driver.find_element(By.CSS_SELECTOR, "form.sign-out button"))
    expect("/dashboard/sign-in" in driver.current_url, "signing out goes back to sign-in")
    driver.get(payment_url)
    expect("/dashboard/sign-in" in driver.current_url, "after sign-out the payment needs a new sign-in")

    # A viewer sees no actions, and a refund sent anyway is refused.
    sign_in(viewer, viewer_password)
    driver.get(payment_url)
    expect(not driver.find_elements(By.ID, "act-refund"), "a viewer is offered no refund")
    csrf = driver.find_element(By.CSS_SELECTOR, "form.sign-out input[name=csrf]").get_attribute("value")
    driver.execute_script("""
        const form = document.createElement('form');
        form.method = 'post'; form.action = arguments[0] + '/act';
        for (const [name, value] of [['csrf', arguments[1]], ['action', 'refund'], ['amount', '1.00'],
                                     ['key', 'viewer-attempt-0001'], ['confirm', 'yes']]) {
            const input = document.createElement('input'); input.type = 'hidden'; input.name = name; input.value = value;
            form.appendChild(input);
        }
        document.body.appendChild(form); form.submit();""", payment_url, csrf)
    WebDriverWait(driver, 15).until(lambda d: "your role is viewer" in d.find_element(By.TAG_NAME, "body").text)
    expect("your role is viewer" in text(), "a viewer's refund is refused")
    shot("viewer-refused")
    driver.get(payment_url)
    expect("Refunded\n$7.00" in text() or "$7.00" in text(), "the viewer's refund changed nothing")
finally:
    driver.quit()
print(f"browser: the dashboard walk passed ({checks} checks)")
